import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, type PublicEventDetail } from '@goodtable/shared';
import { primaryButtonClassName, secondaryButtonClassName } from '../../components/button-styles.ts';
import { QueryState } from '../../components/feedback/query-state.tsx';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { UntilHydrated } from '../../components/until-hydrated.tsx';
import { usePageHead } from '../../hooks/use-page-title.ts';
import { hasErrorStatus } from '../../lib/api-error.ts';
import { useViewerClock } from '../../lib/viewer-clock.ts';
import { supportersQuery } from '../payments/donations-api.ts';
import { goalPercent, useEventProgress } from './event-progress.ts';
import { eventCalendarUrl, publicEventQuery } from './share-api.ts';
import { ShareButtons } from './share-buttons.tsx';

// Only an unknown event, or one never confirmed, shows it.
const NotFoundPage = lazy(async () => ({ default: (await import('../../components/errors/not-found-page.tsx')).NotFoundPage }));
// The date library is about 9 KB gzipped: loaded after the page, in a space kept for it, so the first load stays
// within the public pages' 120 KB budget.
const EventWhen = lazy(async () => ({ default: (await import('./event-when.tsx')).EventWhen }));
// Below the fold: loaded once its place nears the screen.
const SupportersList = lazy(async () => ({ default: (await import('../../components/events/supporters-list.tsx')).SupportersList }));
// Only a sold-out event shows it; its form library stays out of the page's first load (the public pages' budget).
const WaitlistForm = lazy(async () => ({ default: (await import('./waitlist-form.tsx')).WaitlistForm }));
// Below the fold, with its encoder: loaded after the page.
const EventQrCode = lazy(async () => ({ default: (await import('../../components/qr/qr-code.tsx')).EventQrCode }));

/**
 * Whether the element at `place` has come within 200 px of the screen: what lies below the fold (the QR code's
 * encoding, the supporters list) is a burst of work that a visitor reading the top of the page, and the page's first
 * load, should not wait for.
 */
function useNearScreen() {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { place, near };
}

function QrCodeWhenNear({ url, label }: { url: string; label: string }) {
  const { place, near } = useNearScreen();
  return (
    <div ref={place} className="size-40">
      {near ? (
        <Suspense fallback={null}>
          <EventQrCode url={url} label={label} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The event's newest donors (names unless anonymous), once near the screen; refreshed whenever the money raised moves. */
function EventSupporters({ causeId, eventId }: { causeId: string; eventId: string }) {
  const { place, near } = useNearScreen();
  const supporters = useQuery({ ...supportersQuery(causeId, eventId), enabled: near });
  return (
    <div ref={place}>
      {supporters.data ? (
        <Suspense fallback={null}>
          <SupportersList supporters={supporters.data} headingId="share-supporters-heading" />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * What the event has raised for its cause against the goal (a progress bar), next to what a full house gives it, and
 * tickets left, following the event's live stream: its frames carry what the cause receives (the server's figure).
 */
function EventProgressPanel({ event }: { event: PublicEventDetail }) {
  const { t } = useTranslation('share');
  const { locale } = useViewerClock();
  const progress = useEventProgress(event.id, { tickets_left: event.tickets_left, raised: event.raised_for_cause });
  const money = (amount: number) => formatMoney(amount, { currency: event.currency, locale });
  // The total moved (a donation, or tickets beyond the dinner's cost): the supporters list below is read again.
  const queryClient = useQueryClient();
  const causeId = event.cause?.id;
  const firstRaised = useRef(progress.raised);
  useEffect(() => {
    if (progress.raised === firstRaised.current) return;
    firstRaised.current = progress.raised;
    if (causeId) void queryClient.invalidateQueries({ queryKey: supportersQuery(causeId, event.id).queryKey });
  }, [causeId, event.id, progress.raised, queryClient]);
  const raised = progress.raised;
  const percent = goalPercent(raised, event.goal);
  return (
    <section aria-labelledby="share-progress-heading" className="rounded-xl bg-slate-50 p-6">
      <h2 id="share-progress-heading" className="text-lg font-semibold text-slate-900">
        {t('progress.title')}
      </h2>
      <p className="mt-2 text-2xl font-bold text-brand-800" data-testid="share-raised">
        {event.goal ? t('progress.raisedOfGoal', { raised: money(raised), goal: money(event.goal) }) : t('progress.raised', { raised: money(raised) })}
      </p>
      {event.goal ? (
        <div
          role="progressbar"
          aria-label={t('progress.barLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('progress.percent', { percent })}
          className="mt-3 h-3 w-full overflow-hidden rounded-full bg-slate-200"
        >
          {/* The filled part as an SVG width, not a style attribute: the server sends this markup, and the
              Content-Security-Policy (style-src 'self') refuses style attributes in a document. */}
          <svg className="block size-full" viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true">
            <rect width={percent} height="1" className="fill-brand-700 transition-[width] duration-500" />
          </svg>
        </div>
      ) : null}
      <p className="mt-3 text-sm text-slate-700" data-testid="share-cause-share">
        {event.cause_share_when_sold_out > 0
          ? t('progress.whenSoldOut', { count: event.tickets_total, amount: money(event.cause_share_when_sold_out) })
          : t('progress.ticketsPayDinner')}
      </p>
      <p className="mt-1 text-sm text-slate-600">{t('progress.howCounted')}</p>
      <p className="mt-3 text-sm text-slate-700" data-testid="share-tickets-left">
        {!event.sales_open
          ? t('progress.salesClosed')
          : progress.tickets_left > 0
            ? t('progress.ticketsLeft', { count: progress.tickets_left, total: event.tickets_total })
            : t('progress.soldOut')}
      </p>
      {!event.sales_open ? null : progress.tickets_left > 0 ? (
        <Link to={`/share/${event.id}/payment`} className={`mt-4 inline-block ${primaryButtonClassName}`}>
          {t('buy.button')}
        </Link>
      ) : (
        <Suspense fallback={null}>
          <UntilHydrated>
            <WaitlistForm eventId={event.id} />
          </UntilHydrated>
        </Suspense>
      )}
    </section>
  );
}

/** An ended event: what it raised for its cause (what the settlement paid it), or that it was cancelled and refunded. */
function EventOutcomePanel({ event }: { event: PublicEventDetail }) {
  const { t } = useTranslation('share');
  const { locale } = useViewerClock();
  return (
    <section aria-labelledby="share-outcome-heading" className="rounded-xl bg-slate-50 p-6">
      <h2 id="share-outcome-heading" className="text-lg font-semibold text-slate-900">
        {t('outcome.title')}
      </h2>
      <p className="mt-2 text-lg font-medium text-brand-800" data-testid="share-outcome">
        {event.status === 'CANCELED' ? t('outcome.canceled') : t('outcome.ended', { amount: formatMoney(event.raised_for_cause, { currency: event.currency, locale }) })}
      </p>
    </section>
  );
}

function EventView({ event }: { event: PublicEventDetail }) {
  const { t } = useTranslation('share');
  // A confirmed event sells; an ended one (completed, incomplete or cancelled) only tells what happened.
  const selling = event.status === 'CONFIRMED';
  const { locale } = useViewerClock();
  usePageHead({
    name: event.title,
    description: event.story || event.restaurant.name,
    path: `/share/${event.id}`,
    image: event.image ? { url: event.image } : undefined,
  });
  const money = (amount: number) => formatMoney(amount, { currency: event.currency, locale });
  const restaurant = event.restaurant;
  const address = [restaurant.address, restaurant.city && !restaurant.address?.includes(restaurant.city) ? restaurant.city : null].filter(Boolean).join(', ');
  return (
    <article className="mt-2 space-y-8">
      <header>
        <p className="min-h-11 text-sm font-medium text-brand-800">
          <Suspense fallback={null}>
            <EventWhen event={event} />
          </Suspense>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{event.title}</h1>
        <p className="mt-2 text-slate-700">
          {event.cause ? (
            <>
              {t('event.for')}{' '}
              <Link to={`/cause/${event.cause.slug}`} className="font-medium text-brand-800 underline">
                {event.cause.name}
              </Link>
            </>
          ) : null}
        </p>
        {event.cause && selling ? (
          <Link to={`/donate/${event.cause.id}?event=${event.id}`} className={`mt-4 inline-block ${secondaryButtonClassName}`}>
            {t('event.donate')}
          </Link>
        ) : null}
      </header>

      {selling ? <EventProgressPanel event={event} /> : <EventOutcomePanel event={event} />}

      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-500">{t('event.restaurant')}</dt>
          <dd className="mt-1 text-slate-900">
            {restaurant.slug ? (
              <Link to={`/${restaurant.slug}`} className="font-medium text-brand-800 underline">
                {restaurant.name}
              </Link>
            ) : (
              restaurant.name
            )}
            {address ? <span className="block text-sm text-slate-600">{address}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">{t('event.ticketPrice')}</dt>
          <dd className="mt-1 text-slate-900">{money(event.ticket_price)}</dd>
        </div>
        {event.menu ? (
          <div className="sm:col-span-2">
            <dt className="text-sm text-slate-500">{t('event.menu')}</dt>
            <dd className="mt-1 text-slate-900">
              <span className="font-medium">{event.menu.name}</span>
              {event.menu.description ? <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{event.menu.description}</p> : null}
            </dd>
          </div>
        ) : null}
      </dl>

      {event.story ? (
        <section aria-labelledby="share-story-heading">
          <h2 id="share-story-heading" className="text-lg font-semibold text-slate-900">
            {t('event.story')}
          </h2>
          <p className="mt-2 whitespace-pre-line text-slate-700">{event.story}</p>
        </section>
      ) : null}

      {event.cause ? <EventSupporters causeId={event.cause.id} eventId={event.id} /> : null}

      <section aria-labelledby="share-share-heading" className="space-y-4">
        <h2 id="share-share-heading" className="text-lg font-semibold text-slate-900">
          {t('share.title')}
        </h2>
        <ShareButtons url={event.url} title={event.title} />
        {selling ? (
          <a href={eventCalendarUrl(event.id)} download="event.ics" className={`inline-block ${secondaryButtonClassName}`}>
            {t('share.calendar')}
          </a>
        ) : null}
        <QrCodeWhenNear url={event.url} label={t('share.qrLabel')} />
      </section>
    </article>
  );
}

/** /share/{id}: an event's public page, selling or ended; an unknown or never-confirmed one shows the 404 page. */
export function SharePage() {
  const { t } = useTranslation('share');
  const { id = '' } = useParams();
  const query = useQuery(publicEventQuery(id));
  // A malformed id answers 400: no such event either.
  if (query.isError && hasErrorStatus(query.error, [400, 404])) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  return (
    <SiteLayout>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <QueryState data={query.data} isError={query.isError} errorText={t('loadError')} alertClassName="mt-8">
          {(event) => <EventView event={event} />}
        </QueryState>
      </div>
    </SiteLayout>
  );
}
