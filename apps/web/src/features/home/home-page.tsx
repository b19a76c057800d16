import { Suspense } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLayoutSlots } from '../../components/layouts/layout-slots.tsx';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { usePageHead } from '../../hooks/use-page-title.ts';
import { featuredCausesQuery, featuredRestaurantsQuery, siteHomeQuery } from '../site/site-api.ts';
import { RaisedAmounts } from '../../components/events/raised-amounts.tsx';
import { lazyNearViewport } from '../../lib/lazy-near-viewport.ts';
import { UntilHydrated } from '../../components/until-hydrated.tsx';
import { HOME_SUBSCRIBE_HEADING_ID } from './home-page-ids.ts';

// Dates need date-fns: the list loads as it comes near the viewport (docs/decisions/0262-below-the-fold-parts-hydrate-when-near.md).
const UPCOMING_HEADING_ID = 'home-upcoming-heading';
const PublicEventList = lazyNearViewport(UPCOMING_HEADING_ID, async () => (await import('../../components/events/public-events.tsx')).PublicEventList);

const AUDIENCES = [
  { key: 'clients', to: '/restaurants' },
  { key: 'restaurants', to: '/register-as-a-restaurant' },
  { key: 'causes', to: '/sign-up' },
] as const;

/** What causes received (donations and settled dinners' shares) and the upcoming confirmed dinners, from the database (GET /v1/site/home). */
function MarketplaceActivity() {
  const { t } = useTranslation('public-site');
  const home = useQuery(siteHomeQuery());
  const data = home.data;
  return (
    <section aria-labelledby="activity-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="rounded-2xl bg-slate-50 p-8">
        <h2 id="activity-heading" className="text-2xl font-bold text-slate-900">
          {t('home.impact.heading')}
        </h2>
        {data ? (
          <>
            {data.raised.length > 0 ? (
              <RaisedAmounts raised={data.raised} className="mt-3 text-4xl font-bold text-brand-800" />
            ) : (
              <p className="mt-3 text-slate-700">{t('home.impact.noneYet')}</p>
            )}
            <p className="mt-2 text-slate-700">
              {data.completed_events > 0 ? `${t('home.impact.events', { count: data.completed_events })}. ` : null}
              {t('home.impact.text')}
            </p>
          </>
        ) : null}
      </div>
      <h2 id={UPCOMING_HEADING_ID} className="mt-12 text-2xl font-bold text-slate-900">
        {t('home.upcoming.heading')}
      </h2>
      {home.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {t('home.upcoming.error')}
        </p>
      ) : data ? (
        <Suspense fallback={null}><PublicEventList events={data.upcoming_events} emptyText={t('home.upcoming.empty')} /></Suspense>
      ) : null}
    </section>
  );
}

/** The newest published restaurants and causes. */
function Featured() {
  const { t } = useTranslation('public-site');
  const restaurants = useQuery(featuredRestaurantsQuery());
  const causes = useQuery(featuredCausesQuery());
  const lists = [
    { key: 'featuredRestaurants', all: '/restaurants', items: restaurants.data?.map((item) => ({ id: item.id, to: `/${item.slug}`, name: item.name, detail: item.city })) },
    { key: 'featuredCauses', all: '/causes', items: causes.data?.map((item) => ({ id: item.id, to: `/cause/${item.slug}`, name: item.name, detail: '' })) },
  ] as const;
  return (
    <div className="mx-auto grid max-w-7xl gap-12 px-4 pb-16 sm:px-6 lg:grid-cols-2">
      {lists.map((list) => (
        <section key={list.key} aria-labelledby={`${list.key}-heading`}>
          <div className="flex items-baseline justify-between">
            <h2 id={`${list.key}-heading`} className="text-2xl font-bold text-slate-900">
              {t(`home.${list.key}.heading`)}
            </h2>
            <Link to={list.all} className="text-sm font-semibold text-brand-800 hover:text-brand-900">
              {t(`home.${list.key}.all`)} <span aria-hidden="true">&rarr;</span>
            </Link>
          </div>
          {list.items && list.items.length === 0 ? <p className="mt-4 text-slate-700">{t(`home.${list.key}.empty`)}</p> : null}
          <ul className="mt-4 divide-y divide-slate-200">
            {(list.items ?? []).map((item) => (
              <li key={item.id} className="py-3">
                <Link to={item.to} className="font-semibold text-slate-900 hover:text-brand-800">
                  {item.name}
                </Link>
                {item.detail ? <span className="ml-2 text-sm text-slate-600">{item.detail}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const steps = [
  { number: '1', titleKey: 'steps.choose.title', textKey: 'steps.choose.text' },
  { number: '2', titleKey: 'steps.invite.title', textKey: 'steps.invite.text' },
  { number: '3', titleKey: 'steps.give.title', textKey: 'steps.give.text' },
] as const;

/** Marketing home: hero, how it works in three steps, and calls to action. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { t: site } = useTranslation('public-site');
  const { RegisterRestaurantLink, SubscribeForm } = useLayoutSlots();
  usePageHead({ name: site('meta.home.title'), description: site('meta.home.description') });

  return (
    <SiteLayout>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-amber-400/20 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-80 rounded-full bg-brand-300/20 blur-3xl" />
        <div className="relative mx-auto max-w-7xl px-4 py-24 sm:px-6 sm:py-32">
          <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">{t('hero.eyebrow')}</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">{t('hero.heading')}</h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100">{t('hero.text')}</p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link to="/restaurants" className="rounded-md bg-white px-5 py-3 text-sm font-semibold text-brand-800 shadow hover:bg-brand-50">
              {t('hero.findRestaurant')}
            </Link>
            <Link
              to="/causes"
              className="rounded-md px-5 py-3 text-sm font-semibold text-white ring-1 ring-white/40 ring-inset hover:bg-white/10"
            >
              {t('hero.exploreCauses')} <span aria-hidden="true">&rarr;</span>
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-it-works-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <div className="max-w-2xl">
          <h2 id="how-it-works-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            {t('howItWorks.heading')}
          </h2>
          <p className="mt-3 text-lg text-slate-600">{t('howItWorks.text')}</p>
        </div>
        <ol className="mt-12 grid gap-8 md:grid-cols-3">
          {steps.map((step) => (
            <li key={step.number} className="rounded-xl border border-slate-200 p-6 shadow-sm">
              <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800">
                {step.number}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{t(step.titleKey)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(step.textKey)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="audiences-heading" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="audiences-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            {site('home.audiences.heading')}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {AUDIENCES.map((audience) => (
              <li key={audience.key} className="rounded-xl bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-slate-900">{site(`home.audiences.${audience.key}.title`)}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-700">{site(`home.audiences.${audience.key}.text`)}</p>
                {audience.to === '/register-as-a-restaurant' ? (
                  <RegisterRestaurantLink className="mt-4 inline-block text-sm font-semibold text-brand-800 hover:text-brand-900">
                    {site(`home.audiences.${audience.key}.link`)} <span aria-hidden="true">&rarr;</span>
                  </RegisterRestaurantLink>
                ) : (
                  <Link to={audience.to} className="mt-4 inline-block text-sm font-semibold text-brand-800 hover:text-brand-900">
                    {site(`home.audiences.${audience.key}.link`)} <span aria-hidden="true">&rarr;</span>
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <MarketplaceActivity />
      <Featured />

      <section aria-labelledby="cta-heading" className="bg-brand-50">
        <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-16 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id="cta-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {t('restaurantCta.heading')}
            </h2>
            <p className="mt-3 text-slate-600">{t('restaurantCta.text')}</p>
          </div>
          <div className="flex flex-wrap gap-4">
            <RegisterRestaurantLink className="rounded-md bg-brand-700 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-800">
              {t('restaurantCta.register')}
            </RegisterRestaurantLink>
            <Link to="/how-it-works" className="rounded-md px-5 py-3 text-sm font-semibold text-brand-800 hover:bg-brand-100">
              {t('restaurantCta.learnMore')} <span aria-hidden="true">&rarr;</span>
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby={HOME_SUBSCRIBE_HEADING_ID} className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h2 id={HOME_SUBSCRIBE_HEADING_ID} className="text-2xl font-bold text-slate-900">
          {site('home.subscribe.heading')}
        </h2>
        <p className="mt-2 text-slate-700">{site('home.subscribe.text')}</p>
        <div className="mx-auto max-w-md text-left">
          <Suspense fallback={null}>
            <UntilHydrated>
              <SubscribeForm idPrefix="home" tone="light" />
            </UntilHydrated>
          </Suspense>
        </div>
      </section>
    </SiteLayout>
  );
}
