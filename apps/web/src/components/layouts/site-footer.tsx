import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@goodtable/shared';
import { LogoMark } from './logo.tsx';
import { useLayoutSlots } from './layout-slots.tsx';

const footerLinks = [
  { to: '/register-as-a-restaurant', labelKey: 'footer.registerAsRestaurant' },
  { to: '/about', labelKey: 'footer.about' },
  { to: '/contact', labelKey: 'footer.contact' },
  { to: '/privacy', labelKey: 'footer.privacy' },
  { to: '/terms', labelKey: 'footer.terms' },
  { to: '/terms#transaction-documents', labelKey: 'footer.transactionDocuments' },
] as const;

/** SPEC.md §2 footer: Register as a restaurant, About, Contact, privacy, terms, transaction documents, subscribe call. */
export function SiteFooter() {
  const { t } = useTranslation();
  const { RegisterRestaurantLink } = useLayoutSlots();
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <div className="flex items-center gap-2 text-white">
            <LogoMark className="size-7" />
            <span className="text-lg font-bold">{PRODUCT_NAME}</span>
          </div>
          <p className="mt-3 max-w-xs text-sm text-slate-400">{t('footer.tagline')}</p>
        </div>
        <nav aria-label={t('footer.navigation')}>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
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
        </section>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-500 sm:px-6">
          {t('footer.copyright', { year: new Date().getFullYear(), product: PRODUCT_NAME })}
        </p>
      </div>
    </footer>
  );
}
