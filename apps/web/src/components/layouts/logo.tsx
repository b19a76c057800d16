import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@goodtable/shared';

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-brand-700" />
      <circle cx="16" cy="15" r="7.5" fill="none" stroke="#fff" strokeWidth="2.5" />
      <path d="M8 25h16" stroke="#a7f3d0" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** The product's logo, linking home. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="inline-flex items-center gap-2 rounded-md" aria-label={t('header.home')}>
      <LogoMark />
      {/* The link is named by its label: under 400 px the mark alone leaves room for the Vietnamese sign-in links. */}
      <span className="hidden text-lg font-bold tracking-tight text-slate-900 min-[25rem]:inline">{PRODUCT_NAME}</span>
    </Link>
  );
}
