import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { useSession } from '../../lib/session.ts';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { AccountForm } from './account-form.tsx';
import { AccountExtraSections } from './account-extra-sections.tsx';

/** /account: the signed-in user's personal details. */
export function AccountPage() {
  const { t } = useTranslation('account');
  usePageTitle(t('pageTitle'));
  const session = useSession();

  return (
    <SignedInLayout>
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('heading')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('subtitle')}</p>
      </div>
      <SectionCard headingId="account-details-heading" title={t('detailsHeading')}>
        {session.status === 'signed-in' ? <AccountForm key={session.user.id} user={session.user} /> : <PageLoading />}
      </SectionCard>
      {session.status === 'signed-in' ? <AccountExtraSections user={session.user} /> : null}
    </SignedInLayout>
  );
}
