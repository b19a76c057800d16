import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import {
  BOOKING_DECLINE_REASONS,
  BOOKING_LABEL_COLOUR,
  BOOKING_LABEL_KEYS,
  BOOKING_VIEWER_ACTIONS,
  BOOKING_CONDITIONS,
  LOCALES,
  type BookingLabelKey,
} from '@goodtable/shared';
import enCommon from '../../../public/locales/en/common.json';
import enBookings from '../../../public/locales/en/bookings.json';
import vnCommon from '../../../public/locales/vn/common.json';
import vnBookings from '../../../public/locales/vn/bookings.json';
import { BookingStatusBadge } from './booking-status-badge.tsx';

afterEach(cleanup);

const resources = { en: { common: enCommon, bookings: enBookings }, vn: { common: vnCommon, bookings: vnBookings } };

function renderBadge(key: BookingLabelKey, language: 'en' | 'vn' = 'en') {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: language, defaultNS: 'common', ns: ['common', 'bookings'], resources, initAsync: false, react: { useSuspense: false } });
  return render(
    <I18nextProvider i18n={i18n}>
      <BookingStatusBadge label={{ key, colour: BOOKING_LABEL_COLOUR[key] }} />
    </I18nextProvider>,
  );
}

describe('BookingStatusBadge', () => {
  it('shows the product’s wording, with the status named for screen readers', () => {
    renderBadge('eventCancelledByRestaurant');
    const badge = screen.getByText('Event Cancelled by Restaurant / guest');
    expect(badge.textContent).toBe('Booking status: Event Cancelled by Restaurant / guest');
    expect(badge.getAttribute('data-colour')).toBe('red');
    expect(badge.className).toContain('text-red-800');
  });

  it.each(BOOKING_LABEL_KEYS)('renders "%s" as translated text in English and Vietnamese', (key) => {
    const { unmount } = renderBadge(key, 'en');
    expect(screen.getByText(enBookings.label[key])).toBeTruthy();
    unmount();
    renderBadge(key, 'vn');
    const vietnamese = screen.getByText(vnBookings.label[key]);
    expect(vietnamese.textContent).toBe(`${vnBookings.badge.status} ${vnBookings.label[key]}`);
  });
});

describe('bookings texts', () => {
  it('name every action a viewer can be offered, and both decline reasons', () => {
    for (const locale of LOCALES) {
      const texts = resources[locale].bookings;
      expect(BOOKING_VIEWER_ACTIONS.filter((action) => !(action in texts.actions)), locale).toEqual([]);
      expect(BOOKING_DECLINE_REASONS.filter((reason) => !(reason in texts.declineReason)), locale).toEqual([]);
    }
    expect(enBookings.declineReason).toEqual({
      NOT_AVAILABLE: 'Not available at this time but client may request another date',
      NOT_SUITABLE: 'Not suitable for this event',
    });
  });

  it('explain every refusal of the state machine', () => {
    const codes = ['unknownAction', 'wrongActor', 'wrongStatus', 'invalidInput', ...Object.values(BOOKING_CONDITIONS)];
    for (const locale of LOCALES) {
      const refusals = resources[locale].common.errors.bookings as Record<string, string>;
      expect(codes.filter((code) => !refusals[code]), locale).toEqual([]);
    }
  });
});
