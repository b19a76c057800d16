import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageHead } from '../../hooks/use-page-title.ts';
import { LanguagePicker } from '../layouts/language-picker.tsx';
import { Logo } from '../layouts/logo.tsx';
import { SkipToContentLink } from '../layouts/skip-to-content-link.tsx';
import { DinnerTableIllustration } from './dinner-table-illustration.tsx';

/** The 404 page (docs/product.md, Screens and routes); also shown for table routes without a screen. */
export function NotFoundPage() {
  const { t } = useTranslation('not-found');
  const { t: common } = useTranslation();
  usePageHead({ name: t('title'), notFound: true });
  // docs/product.md, Screens and routes: Status and Twitter have no target; they stay in the keyboard order as disabled links.
  const placeholderLink = { role: 'link', 'aria-disabled': true, tabIndex: 0, className: 'cursor-not-allowed rounded-sm text-slate-600' } as const;

  return (
    <div className="grid min-h-screen grid-cols-1 grid-rows-[1fr_auto_1fr] bg-white lg:grid-cols-[max(50%,36rem)_1fr]">
      <SkipToContentLink label={common('skipToContent')} />
      <header className="mx-auto flex w-full max-w-7xl items-center justify-between px-6 pt-6 sm:pt-10 lg:col-span-1 lg:col-start-1 lg:row-start-1 lg:px-8">
        <Logo />
        <LanguagePicker />
      </header>
      <main id="main-content" className="mx-auto w-full max-w-7xl px-6 py-24 sm:py-32 lg:col-span-2 lg:col-start-1 lg:row-start-2 lg:px-8">
        <div className="max-w-lg">
          <p className="text-base font-semibold text-brand-700">{t('code')}</p>
          <h1 className="mt-4 text-5xl font-semibold tracking-tight text-pretty text-slate-900 sm:text-6xl">{t('heading')}</h1>
          <p className="mt-6 text-lg font-medium text-pretty text-slate-500 sm:text-xl">{t('text')}</p>
          <div className="mt-10">
            <Link to="/" className="text-sm font-semibold text-brand-700 hover:text-brand-800">
              <span aria-hidden="true">&larr;</span> {t('goBackHome')}
            </Link>
          </div>
        </div>
      </main>
      <footer className="self-end lg:col-span-2 lg:col-start-1 lg:row-start-3">
        <div className="border-t border-slate-100 bg-slate-50 py-10">
          <nav aria-label={t('footerNavigation')} className="mx-auto flex w-full max-w-7xl items-center gap-x-4 px-6 text-sm text-slate-600 lg:px-8">
            <Link to="/contact" className="hover:text-slate-900">
              {t('contactSupport')}
            </Link>
            <svg viewBox="0 0 2 2" aria-hidden="true" className="size-0.5 fill-slate-300">
              <circle r={1} cx={1} cy={1} />
            </svg>
            <a {...placeholderLink} title={t('comingSoon')}>
              {t('status')}
            </a>
            <svg viewBox="0 0 2 2" aria-hidden="true" className="size-0.5 fill-slate-300">
              <circle r={1} cx={1} cy={1} />
            </svg>
            <a {...placeholderLink} title={t('comingSoon')}>
              {t('twitter')}
            </a>
          </nav>
        </div>
      </footer>
      <div className="hidden lg:relative lg:col-start-2 lg:row-start-1 lg:row-end-4 lg:block">
        <DinnerTableIllustration className="absolute inset-0 size-full" />
      </div>
    </div>
  );
}
