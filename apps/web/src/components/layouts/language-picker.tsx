import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { LOCALES, type Locale } from '@goodtable/shared';
import { useErrorToast } from '../toast/use-error-toast.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { updateMe, updateMeInputFrom } from '../../lib/me-api.ts';
import { useSession, useSetSessionUser } from '../../lib/session.ts';

/** Saves a signed-in user's new language, so emails follow the choice too. */
function useSaveLanguage() {
  const { t } = useTranslation();
  const session = useSession();
  const setSessionUser = useSetSessionUser();
  const showErrorToast = useErrorToast();
  const mutation = useMutation({
    mutationFn: updateMe,
    onSuccess: setSessionUser,
    onError: (error) => showErrorToast(error, t('header.saveLanguageError')),
  });
  return (locale: Locale) => {
    if (session.status === 'signed-in' && session.user.language !== locale) {
      mutation.mutate(updateMeInputFrom(session.user, { language: locale }));
    }
  };
}

/** Header language picker (English / Vietnamese); i18n setup keeps `<html lang>` and the saved choice in step. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const locale = currentLocale(i18n);
  const saveLanguage = useSaveLanguage();
  return (
    <Field className="relative">
      <Label className="sr-only">{t('header.language')}</Label>
      <Listbox
        value={locale}
        onChange={(next: Locale) => {
          void i18n.changeLanguage(next);
          saveLanguage(next);
        }}
      >
        <ListboxButton className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 whitespace-nowrap text-sm font-medium text-slate-700 hover:bg-slate-100">
          <svg viewBox="0 0 24 24" className="size-5 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
            <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0 0c2.5-2.4 3.75-5.4 3.75-9S14.5 5.4 12 3m0 18c-2.5-2.4-3.75-5.4-3.75-9S9.5 5.4 12 3M3.5 9h17M3.5 15h17" />
          </svg>
          <span className="sr-only sm:not-sr-only">{t(`languages.${locale}`)}</span>
        </ListboxButton>
        <ListboxOptions
          anchor="bottom end"
          className="z-50 min-w-40 rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg [--anchor-gap:4px] focus:outline-none"
        >
          {LOCALES.map((option) => (
            <ListboxOption
              key={option}
              value={option}
              className="cursor-default px-3 py-2 text-slate-800 select-none data-focus:bg-brand-50 data-selected:font-semibold"
            >
              {t(`languages.${option}`)}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
