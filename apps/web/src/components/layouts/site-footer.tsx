import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@goodtable/shared';
import { LogoMark } from './logo.tsx';
import { useLayoutSlots } from './layout-slots.tsx';
import { PUBLIC_NAVIGATION, SITE_FOOTER_ID } from './site-links.ts';

const footerLinks = [
  { to: '/register-as-a-restaurant', labelKey: 'footer.registerAsRestaurant' },
  { to: '/about', labelKey: 'footer.about' },
  { to: '/contact', labelKey: 'footer.contact' },
  { to: '/privacy', labelKey: 'footer.privacy' },
  { to: '/terms', labelKey: 'footer.terms' },
  { to: '/terms#transaction-documents', labelKey: 'footer.transactionDocuments' },
] as const;

/**
 * Footer (docs/product.md, Screens and routes): Register as a restaurant, About, Contact, privacy, terms, transaction documents, subscribe call;
 * and the main pages, which phones reach from here too.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const { RegisterRestaurantLink, SubscribeForm } = useLayoutSlots();
  return (
    <footer id={SITE_FOOTER_ID} className="border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <div className="flex items-center gap-2 text-white">
            <LogoMark className="size-7" />
            <span className="text-lg font-bold">{PRODUCT_NAME}</span>
          </div>
          <p className="mt-3 max-w-xs text-sm text-slate-400">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.explore')}>
          <ul className="space-y-2 text-sm">
            {PUBLIC_NAVIGATION.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white">
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.navigation')}>
          <ul className="space-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                {link.to === '/register-as-a-restaurant' ? (
                  <RegisterRestaurantLink className="hover:text-white">{t(link.labelKey)}</RegisterRestaurantLink>
                ) : (
                  <Link to={link.to} className="hover:text-white">
                    {t(link.labelKey)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-subscribe-heading">
          <h2 id="footer-subscribe-heading" className="text-sm font-semibold text-white">
            {t('footer.subscribeHeading')}
          </h2>
          <p className="mt-2 text-sm text-slate-400">{t('footer.subscribeText')}</p>
          <SubscribeForm idPrefix="footer" tone="dark" />
        </section>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6">
          {t('footer.copyright', { year: new Date().getFullYear(), product: PRODUCT_NAME })}
        </p>
      </div>
    </footer>
  );
}
