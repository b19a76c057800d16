import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { isApiRequestError } from '../../lib/api-error.ts';
import { NotFoundPage } from '../../components/errors/not-found-page.tsx';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { ClientPreferencesForm } from './client-preferences-form.tsx';
import { HostingPreferencesForm } from './hosting-preferences-form.tsx';
import { ManagerRestaurantPicker } from './manager-restaurant-picker.tsx';
import { clientPreferencesQuery } from './restaurants-api.ts';
import { hostingPreferencesQuery } from './restaurant-profile-api.ts';
import { useActingRestaurant } from './use-acting-restaurant.ts';

/**
 * /guest-preferences: a restaurant's hosting preferences (managers: /guests/{id}/guest-preferences), or a client's
 * defaults for new events.
 */
export function GuestPreferencesPage() {
  const { t } = useTranslation('restaurants');
  const acting = useActingRestaurant();
  // The title names what the page holds, like its heading: a restaurant's hosting or a client's guest preferences.
  usePageTitle(acting.kind === 'client' ? t('preferences.clientPageTitle') : t('preferences.pageTitle'));
  const restaurantId = acting.kind === 'restaurant' ? acting.restaurantId : '';
  const hosting = useQuery({ ...hostingPreferencesQuery(restaurantId), enabled: Boolean(restaurantId), retry: false });
  const client = useQuery({ ...clientPreferencesQuery(), enabled: acting.kind === 'client' });

  if (hosting.isError && isApiRequestError(hosting.error) && [403, 404].includes(hosting.error.statusCode)) return <NotFoundPage />;
  const isClient = acting.kind === 'client';
  const query = isClient ? client : hosting;

  return (
    <SignedInLayout>
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{isClient ? t('client.heading') : t('hosting.heading')}</h1>
        <p className="mt-1 text-sm text-slate-600">{isClient ? t('client.subtitle') : t('hosting.subtitle')}</p>
      </div>
      {acting.kind === 'choose-restaurant' ? (
        <ManagerRestaurantPicker screen="guest-preferences" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('preferences.loadError')}
        </p>
      ) : !query.data ? (
        <PageLoading />
      ) : (
        <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {isClient && client.data ? <ClientPreferencesForm preferences={client.data} /> : null}
          {!isClient && hosting.data ? <HostingPreferencesForm key={restaurantId} preferences={hosting.data} /> : null}
        </section>
      )}
    </SignedInLayout>
  );
}
