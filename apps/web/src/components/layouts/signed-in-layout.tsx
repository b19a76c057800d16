import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardLayout } from '../layouts/dashboard-layout.tsx';
import { SidebarNavigation } from './sidebar-navigation.tsx';
import { SiteHeader } from './site-header.tsx';
import { useLayoutSlots } from './layout-slots.tsx';

/** Screens of signed-in users: the dashboard layout with the site header and the role's sidebar. */
export function SignedInLayout({ children, fullWidth = false }: { children: ReactNode; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { AccountNotices } = useLayoutSlots();
  return (
    <DashboardLayout
      fullWidth={fullWidth}
      sidebar={<SidebarNavigation />}
      header={(sidebarToggle) => <SiteHeader leading={sidebarToggle} logoOnSmallScreensOnly />}
      labels={{ openSidebar: t('sidebar.open'), closeSidebar: t('sidebar.close'), sidebar: t('sidebar.label'), skipToContent: t('skipToContent') }}
    >
      <AccountNotices />
      {children}
    </DashboardLayout>
  );
}
