import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SkipToContentLink } from '../layouts/skip-to-content-link.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Public pages: header, content, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <SkipToContentLink label={t('skipToContent')} />
      <SiteHeader />
      <main id="main-content" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
