import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../components/feedback/page-loading.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { useSession } from '../../lib/session.ts';
import { useSpeaker } from '../../lib/speaker.ts';

/**
 * A manager in its own view picks which restaurant's screen to open (`/guests/{id}/<screen>`); when the speaker
 * switcher already acts for a restaurant, that restaurant's screen opens at once.
 */
export function ManagerRestaurantPicker({ screen }: { screen: 'restaurant-profile' | 'guest-preferences' }) {
  const { t } = useTranslation('restaurants');
  const session = useSession();
  const { restaurants, query, selected, select } = useSpeaker(session.user);
  if (selected) return <Navigate to={`/guests/${selected.id}/${screen}`} replace />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <p role="alert" className="text-sm text-red-700">{t('picker.error')}</p>;
  return (
    <SectionCard title={t('picker.heading')} description={t(screen === 'restaurant-profile' ? 'picker.profileText' : 'picker.preferencesText')}>
      {restaurants.length === 0 ? (
        <p className="text-sm text-slate-600">{t('picker.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {restaurants.map((restaurant) => (
            <li key={restaurant.id} className="py-3">
              <Link to={`/guests/${restaurant.id}/${screen}`} onClick={() => select(restaurant.id)} className="font-medium text-brand-700 hover:text-brand-800">
                {restaurant.name ?? restaurant.email}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
