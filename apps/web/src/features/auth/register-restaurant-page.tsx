import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../hooks/use-page-title.ts';
import { SiteLayout } from '../../components/layouts/site-layout.tsx';
import { AuthCard } from './auth-card.tsx';
import { AuthSwitchLink } from './auth-links.tsx';
import { RegistrationForm } from './registration-form.tsx';

/** /register-as-a-restaurant: creates a restaurant (seller) account with the restaurant's name. */
export function RegisterRestaurantPage() {
  const { t } = useTranslation('accounts');
  usePageTitle(t('registerRestaurant.pageTitle'));
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect') ?? '/profile';

  return (
    <SiteLayout>
      <AuthCard
        title={t('registerRestaurant.heading')}
        subtitle={t('registerRestaurant.subtitle')}
        footer={
          <div className="space-y-2">
            <p>
              {t('registerRestaurant.haveAccount')} <AuthSwitchLink to="/sign-in" redirect={null}>{t('registerRestaurant.signInLink')}</AuthSwitchLink>
            </p>
            <p>
              <Link to="/management-access" className="font-semibold text-brand-700 hover:text-brand-800">
                {t('registerRestaurant.managerLink')}
              </Link>
            </p>
          </div>
        }
      >
        <RegistrationForm
          role="seller"
          nameLabel={t('fields.restaurantName')}
          submitLabel={t('registerRestaurant.submit')}
          errorMessage={t('registerRestaurant.error')}
          redirect={redirect}
        />
      </AuthCard>
    </SiteLayout>
  );
}
