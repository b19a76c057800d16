import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { AuthCard } from './auth-card.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { RegistrationForm } from './registration-form.tsx';

const tabClassName =
  'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-slate-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-selected:bg-white data-selected:text-brand-800 data-selected:shadow-sm';

/** /management-access: managers sign in here, or create a manager account. */
export function ManagementAccessPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('managementAccess.pageTitle'));

  return (
    <SiteLayout>
      <AuthCard title={t('managementAccess.heading')} subtitle={t('managementAccess.subtitle')}>
        <TabGroup>
          <TabList className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
            <Tab className={tabClassName}>{t('managementAccess.signInTab')}</Tab>
            <Tab className={tabClassName}>{t('managementAccess.signUpTab')}</Tab>
          </TabList>
          <TabPanels>
            <TabPanel className="space-y-4">
              <SignInForm redirect="/bookings" />
              <p className="text-center text-sm">
                <Link to="/forgot-password" className="font-semibold text-brand-700 hover:text-brand-800">
                  {t('managementAccess.forgotPassword')}
                </Link>
              </p>
            </TabPanel>
            <TabPanel>
              <RegistrationForm
                role="manager"
                nameLabel={t('managementAccess.organisation')}
                submitLabel={t('managementAccess.submit')}
                errorMessage={t('managementAccess.error')}
                redirect="/account"
              />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </AuthCard>
    </SiteLayout>
  );
}
