import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_BOOKING_RULES } from '@goodtable/shared';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { siteHomeQuery } from './site-api.ts';
import { usePublicPageMeta } from '../../hooks/use-page-title.ts';

const AUDIENCES = ['clients', 'restaurants', 'causes'] as const;

/** /how-it-works: the booking, ticket and money flow for each audience, with the fees as the server is configured. */
export function HowItWorksPage() {
  const { t } = useTranslation('public-site');
  usePublicPageMeta('howItWorks');
  const home = useQuery(siteHomeQuery());
  const pricing = home.data?.pricing;
  const values = {
    responseHours: DEFAULT_BOOKING_RULES.responseHours,
    depositHours: DEFAULT_BOOKING_RULES.depositHours,
    autoCompleteDays: DEFAULT_BOOKING_RULES.autoCompleteDays,
    depositPercent: pricing?.deposit_percent ?? '…',
    feePercent: pricing?.platform_fee_percent ?? '…',
    refundDays: pricing?.client_refund_days ?? DEFAULT_BOOKING_RULES.clientRefundDays,
  };

  return (
    <SiteLayout>
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t('howItWorks.heading')}</h1>
        <p className="mt-4 max-w-3xl text-lg text-slate-700">{t('howItWorks.intro')}</p>
        <nav aria-label={t('toc')} className="mt-6 flex flex-wrap gap-2 text-sm">
          {[...AUDIENCES, 'money' as const].map((section) => (
            <a key={section} href={`#${section}`} className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-800 hover:bg-brand-100">
              {t(`howItWorks.${section}.heading`)}
            </a>
          ))}
        </nav>
        {AUDIENCES.map((audience) => (
          <section key={audience} id={audience} aria-labelledby={`${audience}-heading`} className="mt-12 scroll-mt-24">
            <h2 id={`${audience}-heading`} className="text-2xl font-semibold text-slate-900">
              {t(`howItWorks.${audience}.heading`)}
            </h2>
            <ol className="mt-4 space-y-3">
              {(t(`howItWorks.${audience}.steps`, { returnObjects: true, ...values }) as string[]).map((step, index) => (
                <li key={step} className="flex gap-4">
                  <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800">
                    {index + 1}
                  </span>
                  <p className="pt-1 leading-7 text-slate-700">{step}</p>
                </li>
              ))}
            </ol>
          </section>
        ))}
        <section id="money" aria-labelledby="money-heading" className="mt-12 scroll-mt-24 rounded-xl bg-slate-50 p-6">
          <h2 id="money-heading" className="text-2xl font-semibold text-slate-900">
            {t('howItWorks.money.heading')}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 leading-7 text-slate-700">
            {(t('howItWorks.money.items', { returnObjects: true, ...values }) as string[]).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-4">
            <Link to="/blog/where-the-money-goes" className="font-medium text-brand-800 underline hover:text-brand-900">
              {t('howItWorks.money.example')}
            </Link>
          </p>
        </section>
        <p className="mt-12">
          <Link to="/restaurants" className="rounded-md bg-brand-700 px-5 py-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-800">
            {t('howItWorks.cta')}
          </Link>
        </p>
      </div>
    </SiteLayout>
  );
}
