import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { usePublicPageMeta } from '../../hooks/use-page-title.ts';
import { lazyOnFirstInput } from '../../lib/lazy-near-viewport.ts';

// The form brings the form library and the shared schemas (about 40 KB): on a first visit its server HTML is there to
// read and fill in, and its code loads at the visitor's first input.
const ContactForm = lazyOnFirstInput(async () => (await import('./contact-form.tsx')).ContactForm);

/** /contact (the 404 page's "Contact Support" leads here). */
export function ContactPage() {
  usePublicPageMeta('contact');
  const { t } = useTranslation('public-site');
  return (
    <SiteLayout>
      <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t('contact.heading')}</h1>
        <p className="mt-4 text-lg text-slate-700">{t('contact.intro')}</p>
        <p className="mt-2 text-sm text-slate-600">
          {t('contact.helpFirst')}{' '}
          <Link to="/help" className="font-medium text-brand-800 underline">
            {t('contact.helpLink')}
          </Link>
        </p>
        <Suspense fallback={<PageLoading />}>
          <ContactForm />
        </Suspense>
      </div>
    </SiteLayout>
  );
}
