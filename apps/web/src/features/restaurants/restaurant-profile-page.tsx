import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CompleteProfileDialog } from '../../components/dialogs/complete-profile-dialog.tsx';
import { QueryState } from '../../components/feedback/query-state.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { hasErrorStatus } from '../../lib/api-error.ts';
import { NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { ManagerRestaurantPicker } from './manager-restaurant-picker.tsx';
import { MenuManager } from './menu-manager.tsx';
import { PhotoManager } from './photo-manager.tsx';
import { ProfileForm } from './profile-form.tsx';
import { PublishPanel } from './publish-panel.tsx';
import { restaurantProfileQuery } from './restaurant-profile-api.ts';
import { useActingRestaurant } from './use-acting-restaurant.ts';

/** /profile, /restaurant-profile and (managers) /guests/{id}/restaurant-profile: the restaurant's whole profile. */
export function RestaurantProfilePage() {
  const { t } = useTranslation('restaurants');
  usePageTitle(t('profile.pageTitle'));
  const acting = useActingRestaurant();
  const [dialogDismissed, setDialogDismissed] = useState(false);
  const restaurantId = acting.kind === 'restaurant' ? acting.restaurantId : '';
  const query = useQuery({ ...restaurantProfileQuery(restaurantId), enabled: Boolean(restaurantId), retry: false });

  if (query.isError && hasErrorStatus(query.error, [403, 404])) return <NotFoundPage />;
  const profile = query.data;
  // docs/product.md, Validation rules: a seller without an active menu is asked to complete the profile first (once per visit).
  const showDialog = !dialogDismissed && acting.kind === 'restaurant' && !acting.actingAsManager && profile !== undefined && !profile.menus.some((menu) => menu.active);

  return (
    <SignedInLayout>
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('profile.heading')}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {acting.kind === 'restaurant' && acting.actingAsManager && profile ? t('profile.managerSubtitle', { name: profile.name ?? '' }) : t('profile.subtitle')}
        </p>
      </div>
      {acting.kind === 'choose-restaurant' ? (
        <ManagerRestaurantPicker screen="restaurant-profile" />
      ) : (
        <QueryState data={profile} isError={query.isError} errorText={t('profile.loadError')}>
          {(profile) => (
            <div className="space-y-8">
              <PublishPanel profile={profile} />
              <SectionCard headingId="details-heading" title={t('profile.detailsHeading')}>
                <ProfileForm key={profile.id} profile={profile} />
              </SectionCard>
              <SectionCard headingId="photos-heading" title={t('photos.heading')} description={t('photos.text')}>
                <PhotoManager profile={profile} />
              </SectionCard>
              <SectionCard headingId="menus-heading" title={t('menus.heading')} description={t('menus.text')}>
                <MenuManager profile={profile} />
              </SectionCard>
            </div>
          )}
        </QueryState>
      )}
      <CompleteProfileDialog open={showDialog} text={t('completeProfile.text')} onClose={() => setDialogDismissed(true)} />
    </SignedInLayout>
  );
}
