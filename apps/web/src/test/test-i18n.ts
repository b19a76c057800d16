import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import account from '../../public/locales/en/account.json';
import accounts from '../../public/locales/en/accounts.json';
import auth from '../../public/locales/en/auth.json';
import bookingForms from '../../public/locales/en/booking-forms.json';
import bookings from '../../public/locales/en/bookings.json';
import common from '../../public/locales/en/common.json';
import home from '../../public/locales/en/home.json';
import notFound from '../../public/locales/en/not-found.json';
import notifications from '../../public/locales/en/notifications.json';
import paymentHistory from '../../public/locales/en/payment-history.json';
import paymentManagement from '../../public/locales/en/payment-management.json';
import payments from '../../public/locales/en/payments.json';
import restaurants from '../../public/locales/en/restaurants.json';

/** An i18next instance with the real English texts bundled in, for unit tests (no HTTP backend). */
export function createTestI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    fallbackNS: 'common',
    ns: ['common', 'auth', 'account', 'accounts', 'bookings', 'home', 'not-found', 'booking-forms', 'restaurants', 'notifications', 'payment-history', 'payment-management', 'payments'],
    resources: { en: { common, auth, account, accounts, bookings, home, 'not-found': notFound, 'booking-forms': bookingForms, restaurants, notifications, 'payment-history': paymentHistory, 'payment-management': paymentManagement, payments } },
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
