import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';

const steps = [
  { number: '1', titleKey: 'steps.choose.title', textKey: 'steps.choose.text' },
  { number: '2', titleKey: 'steps.invite.title', textKey: 'steps.invite.text' },
  { number: '3', titleKey: 'steps.give.title', textKey: 'steps.give.text' },
] as const;

/** Marketing home: hero, how it works in three steps, and calls to action. */
export function HomePage() {
  const { t } = useTranslation('home');
  usePageTitle(t('pageTitle'));

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

      <section aria-labelledby="cta-heading" className="bg-brand-50">
        <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-16 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id="cta-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {t('restaurantCta.heading')}
            </h2>
            <p className="mt-3 text-slate-600">{t('restaurantCta.text')}</p>
          </div>
          <div className="flex flex-wrap gap-4">
            <Link
              to="/register-as-a-restaurant"
              className="rounded-md bg-brand-700 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
            >
              {t('restaurantCta.register')}
            </Link>
            <Link to="/how-it-works" className="rounded-md px-5 py-3 text-sm font-semibold text-brand-800 hover:bg-brand-100">
              {t('restaurantCta.learnMore')} <span aria-hidden="true">&rarr;</span>
            </Link>
          </div>
        </div>
      </section>
    </SiteLayout>
  );
}
