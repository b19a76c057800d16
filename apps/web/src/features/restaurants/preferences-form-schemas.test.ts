import { describe, expect, it } from 'vitest';
import { fieldErrorKeys } from '../../test/schema-errors.ts';
import {
  clientPreferencesFormSchema,
  clientPreferencesFormValues,
  hostingPreferencesFormSchema,
  hostingPreferencesFormValues,
} from './preferences-form-schemas.ts';

const hosting = hostingPreferencesFormValues({
  restaurant_id: '00000000-0000-4000-8000-000000000001',
  weekdays: ['friday', 'saturday'],
  service_start: '18:00',
  service_end: '23:00',
  min_guests: 10,
  max_guests: 60,
  notice_days: 14,
  regions: ['Victoria'],
  cause_categories: [],
  saved: true,
});

describe('hosting preferences form', () => {
  it('starts from the saved preferences and sends the typed numbers as numbers', () => {
    expect(hosting).toMatchObject({ min_guests: '10', max_guests: '60', notice_days: '14', weekdays: ['friday', 'saturday'] });
    expect(hostingPreferencesFormSchema.parse({ ...hosting, min_guests: ' 12 ', notice_days: '0' })).toEqual({
      weekdays: ['friday', 'saturday'],
      service_start: '18:00',
      service_end: '23:00',
      min_guests: 12,
      max_guests: 60,
      notice_days: 0,
      regions: ['Victoria'],
      cause_categories: [],
    });
  });

  it('names each wrong number: blank, not a number, not whole, a range upside down', () => {
    const result = hostingPreferencesFormSchema.safeParse({ ...hosting, min_guests: '', max_guests: 'many', notice_days: '1.5' });
    expect(fieldErrorKeys(result.error)).toEqual({
      min_guests: ['validation.notANumber'],
      max_guests: ['validation.notANumber'],
      notice_days: ['validation.notAnInteger'],
    });
    const range = hostingPreferencesFormSchema.safeParse({ ...hosting, min_guests: '80' });
    expect(fieldErrorKeys(range.error)).toEqual({ max_guests: ['validation.maxBelowMin'] });
  });
});

describe('client preferences form', () => {
  it('sends a blank region and party size as no default, a typed size as a number', () => {
    const empty = clientPreferencesFormValues({ region: null, party_size: null, dietary_needs: [], dietary_notes: null });
    expect(empty).toEqual({ region: '', party_size: '', dietary_needs: [], dietary_notes: '' });
    expect(clientPreferencesFormSchema.parse(empty)).toEqual({ region: null, party_size: null, dietary_needs: [], dietary_notes: null });
    expect(clientPreferencesFormSchema.parse({ ...empty, region: 'Queensland', party_size: '30', dietary_notes: ' No nuts ' })).toEqual({
      region: 'Queensland',
      party_size: 30,
      dietary_needs: [],
      dietary_notes: 'No nuts',
    });
  });

  it('reports a party size that is not a positive whole number', () => {
    const empty = { region: '', party_size: 'ten', dietary_needs: [], dietary_notes: '' };
    expect(fieldErrorKeys(clientPreferencesFormSchema.safeParse(empty).error)).toEqual({ party_size: ['validation.notANumber'] });
    expect(fieldErrorKeys(clientPreferencesFormSchema.safeParse({ ...empty, party_size: '0' }).error)).toEqual({ party_size: ['validation.tooSmall'] });
  });
});

