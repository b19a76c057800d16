import { lazy, Suspense } from 'react';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { usePublicPageMeta } from '../../hooks/use-page-title.ts';
import { UntilHydrated } from '../../components/until-hydrated.tsx';

// The form brings the form library and the shared schemas: its own chunk, so the page shell comes first.
const ContactForm = lazy(async () => ({ default: (await import('./contact-form.tsx')).ContactForm }));

/** /contact (the 404 page's "Contact Support" leads here). */
export function ContactPage() {
  usePublicPageMeta('contact');
  return (
    <SiteLayout>
      <Suspense fallback={<PageLoading />}>
        <UntilHydrated>
          <ContactForm />
        </UntilHydrated>
      </Suspense>
    </SiteLayout>
  );
}
