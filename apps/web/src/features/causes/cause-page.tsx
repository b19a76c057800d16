import { memo, Suspense, type ComponentProps } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAvailableScreens } from '../../lib/available-screens.ts';
import { causeActivityQuery } from '../site/site-api.ts';
import { supportersQuery } from '../payments/donations-api.ts';
import { usePageHead } from '../../hooks/use-page-title.ts';
import { PublicItemLayout } from '../../components/layouts/public-item-layout.tsx';
import { CauseLogo } from './cause-logo.tsx';
import { causeBySlugQuery } from './causes-api.ts';
import { ALL_MY_CAUSES_LIMIT, useMyCauses } from './use-my-causes.ts';
import { RaisedAmounts } from '../../components/events/raised-amounts.tsx';
import { lazyNearViewport } from '../../lib/lazy-near-viewport.ts';

// Dates need date-fns: the lists load as they come near the viewport (docs/decisions/0262-below-the-fold-parts-hydrate-when-near.md).
const PublicEventList = lazyNearViewport('cause-events-heading', async () => (await import('../../components/events/public-events.tsx')).PublicEventList);
const SupportersList = lazyNearViewport('cause-supporters-heading', async () => (await import('../../components/events/supporters-list.tsx')).SupportersList);

// Memoised: rendered again with the same data, a list whose code is still to come keeps its served HTML (a boundary
// that waits for its code and gets new children is drawn again from nothing, which needs the code at once).
const UpcomingEvents = memo(function UpcomingEvents(props: ComponentProps<typeof PublicEventList>) {
  return (
    <Suspense fallback={null}>
      <PublicEventList {...props} />
    </Suspense>
  );
});
const Supporters = memo(function Supporters(props: ComponentProps<typeof SupportersList>) {
  return (
    <Suspense fallback={null}>
      <SupportersList {...props} />
    </Suspense>
  );
});

/**
 * What a cause's page leads to: money raised, its upcoming dinners, "Host a dinner for this cause"
 * (/add-event with the cause chosen) and Donate, once the /donate screen exists.
 */
function CauseActivity({ causeId }: { causeId: string }) {
  const { t } = useTranslation('public-site');
  const screens = useAvailableScreens();
  const activity = useQuery(causeActivityQuery(causeId));
  const supporters = useQuery(supportersQuery(causeId, null));
  return (
    <>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to={`/add-event?cause=${causeId}`} className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          {t('cause.host')}
        </Link>
        {screens.has('/donate/:id') ? (
          <Link to={`/donate/${causeId}`} className="rounded-md px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50">
            {t('cause.donate')}
          </Link>
        ) : null}
      </div>
      {activity.data ? (
        <>
          <section className="mt-10 rounded-xl bg-slate-50 p-6" aria-labelledby="cause-raised-heading">
            <h2 id="cause-raised-heading" className="text-xl font-semibold text-slate-900">
              {t('cause.raised')}
            </h2>
            {activity.data.raised.length > 0 ? (
              <RaisedAmounts raised={activity.data.raised} className="mt-2 text-3xl font-bold text-brand-800" />
            ) : (
              <p className="mt-2 text-slate-700">{t('cause.raisedNone')}</p>
            )}
          </section>
          <section className="mt-10" aria-labelledby="cause-events-heading">
            <h2 id="cause-events-heading" className="text-xl font-semibold text-slate-900">
              {t('cause.upcoming')}
            </h2>
            <UpcomingEvents events={activity.data.upcoming_events} emptyText={t('cause.upcomingEmpty')} />
          </section>
          {supporters.data ? (
            <div className="mt-10">
              <Supporters supporters={supporters.data} headingId="cause-supporters-heading" />
            </div>
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** /cause/{slug}: a cause's public page (story, logo, category, website); an unknown slug shows the 404 page. */
export function CausePage() {
  const { t } = useTranslation('causes');
  const { id: slug = '' } = useParams();
  // Whose cause it is never travels in the public answer: the signed-in cause account's own list says it.
  const myCauses = useMyCauses({ limit: ALL_MY_CAUSES_LIMIT });
  const query = useQuery(causeBySlugQuery(slug));
  const cause = query.data;
  // An unknown slug: the 404 page it shows declares the head.
  usePageHead(
    cause
      ? { name: cause.name, description: cause.story, path: `/cause/${cause.slug}`, image: cause.logo ? { url: cause.logo } : undefined }
      : query.isError
        ? undefined
        : { name: t('directory.pageTitle'), titleOnly: true },
  );

  const isOwner = Boolean(cause && myCauses.data?.some((mine) => mine.id === cause.id));

  return (
    <PublicItemLayout query={query} widthClassName="max-w-4xl" backTo="/causes" backLabel={t('page.backToCauses')} errorText={t('edit.loadError')}>
      {(cause) => (
        <article className="mt-6">
          {!cause.published ? (
            <p className="mb-6 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">{t('page.draftNotice')}</p>
          ) : null}
          <header className="flex flex-wrap items-center gap-6">
            <CauseLogo name={cause.name} logo={cause.logo} className="size-24" alt={t('page.logoAlt', { name: cause.name })} />
            {/* At least 12rem beside the logo: on a phone the website and edit buttons wrap below instead of squeezing the name. */}
            <div className="min-w-48 flex-1">
              <h1 className="text-3xl font-bold tracking-tight text-slate-900">{cause.name}</h1>
              <p className="mt-2 inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">
                {t(`categories.${cause.category}`)}
              </p>
              {cause.charity_registration_number ? (
                <p className="mt-2 text-sm text-slate-500">{t('page.registration', { number: cause.charity_registration_number })}</p>
              ) : null}
            </div>
            <div className="flex flex-col gap-2">
              {cause.website ? (
                <a
                  href={cause.website}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="rounded-md bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-800"
                >
                  {t('page.visitWebsite')}
                </a>
              ) : null}
              {isOwner ? (
                <Link to={`/cause/${cause.id}/edit`} className="rounded-md border border-slate-300 px-4 py-2 text-center text-sm font-medium text-slate-700 hover:bg-slate-50">
                  {t('page.edit')}
                </Link>
              ) : null}
            </div>
          </header>
          <section className="mt-10" aria-labelledby="cause-story-heading">
            <h2 id="cause-story-heading" className="text-xl font-semibold text-slate-900">
              {t('page.story')}
            </h2>
            <p className="mt-3 leading-7 whitespace-pre-line text-slate-700">{cause.story}</p>
          </section>
          {cause.published ? <CauseActivity causeId={cause.id} /> : null}
        </article>
      )}
    </PublicItemLayout>
  );
}
