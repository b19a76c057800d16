import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALES, type Locale } from '@goodtable/shared';
import { showToast } from '../toast/toast-context.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useSession, useSetSessionUser } from '../../lib/session.ts';

/** Saves a signed-in user's new language, so emails follow the choice too. */
function useSaveLanguage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const setSessionUser = useSetSessionUser();
  return (locale: Locale) => {
    if (session.status !== 'signed-in' || session.user.language === locale) return;
    const user = session.user;
    import('./save-language.ts').then(
      ({ saveLanguage }) => saveLanguage({ user, locale, i18n, onSaved: setSessionUser }),
      () => showToast({ kind: 'error', message: t('header.saveLanguageError') }),
    );
  };
}

/**
 * Header language picker (English / Vietnamese): a native select, keyboard and screen-reader ready without a
 * widget library on every public page. i18n setup keeps `<html lang>` and the saved choice in step.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const saveLanguage = useSaveLanguage();
  const id = useId();
  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('header.language')}
      </label>
      <svg viewBox="0 0 24 24" className="pointer-events-none absolute left-2 size-5 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0 0c2.5-2.4 3.75-5.4 3.75-9S14.5 5.4 12 3m0 18c-2.5-2.4-3.75-5.4-3.75-9S9.5 5.4 12 3M3.5 9h17M3.5 15h17" />
      </svg>
      <select
        id={id}
        value={locale}
        // Chromium opens a select on Space and Alt+Down only; people expect Enter to open it too (a key press is the
        // user activation showPicker needs).
        onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.showPicker?.()}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          void i18n.changeLanguage(next);
          saveLanguage(next);
        }}
        className="w-9 cursor-pointer appearance-none rounded-md bg-transparent py-1.5 pr-2 pl-8 text-sm font-medium text-transparent hover:bg-slate-100 sm:w-auto sm:text-slate-700"
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} className="text-slate-800">
            {t(`languages.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
