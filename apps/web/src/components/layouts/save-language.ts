import type { i18n as I18n } from 'i18next';
import type { Locale, Me } from '@goodtable/shared';
import { showErrorToast } from '../toast/use-error-toast.ts';
import { updateMe, updateMeInputFrom } from '../../lib/me-api.ts';

/**
 * Saves a signed-in user's new language (PUT me), so emails follow the choice too; a refusal shows an error toast.
 * Loaded by the language picker on a signed-in user's change, not with every public page's header.
 */
export function saveLanguage({ user, locale, i18n, onSaved }: { user: Me; locale: Locale; i18n: I18n; onSaved: (user: Me) => void }): void {
  updateMe(updateMeInputFrom(user, { language: locale })).then(onSaved, (error: unknown) =>
    showErrorToast({ error, fallbackMessage: i18n.t('header.saveLanguageError'), translator: { exists: (key) => i18n.exists(key), t: (key) => i18n.t(key) } }),
  );
}
