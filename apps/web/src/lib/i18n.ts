import i18next, { type BackendModule, type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCAL_STORAGE_LANGUAGE_KEY, LOCALES, localeToLanguageTag, type Locale } from '@goodtable/shared';

/** Namespace every screen can use without naming it; features add their own files beside it. */
export const DEFAULT_NAMESPACE = 'common';

/**
 * The saved choice (this browser's storage, else the `lang` cookie, which the server also reads to render the page:
 * the app then hydrates in the language the page was served in), else the browser's language when it is Vietnamese,
 * else English.
 */
export function initialLocale(): Locale {
  const saved = localStorage.getItem(LOCAL_STORAGE_LANGUAGE_KEY) ?? /(?:^|;\s*)lang=([a-z]+)/.exec(document.cookie)?.[1] ?? null;
  if (isLocale(saved)) return saved;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.toLowerCase();
  return browser.startsWith('vi') ? 'vn' : DEFAULT_LOCALE;
}

export function currentLocale(instance: I18n = i18next): Locale {
  const language = instance.resolvedLanguage ?? instance.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/** `<html lang>` follows the locale (`vi` for `vn`) and the choice survives a reload. */
function applyLocale(language: string): void {
  if (!isLocale(language)) return;
  document.documentElement.lang = localeToLanguageTag(language);
  localStorage.setItem(LOCAL_STORAGE_LANGUAGE_KEY, language);
  // The server reads it to serve the page's HTML (title, description, lang) in the same language.
  document.cookie = `lang=${language};path=/`;
}

/**
 * Loads `/locales/{lng}/{ns}.json` with fetch: all the app needs of a backend, in a few lines rather than a package
 * on every page's first load.
 */
export const localeFilesBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  // eslint-disable-next-line local/options-object -- i18next calls a backend's read(language, namespace, callback).
  read: (language, namespace, callback) => {
    fetch(`/locales/${language}/${namespace}.json`)
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status} loading ${language}/${namespace}`);
        callback(null, (await response.json()) as Record<string, unknown>);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
  },
};

/** The texts of some namespaces of one language, by namespace (what a page the server rendered used). */
export type NamespaceTexts = Record<string, Record<string, unknown>>;

/** The options of the app's i18next, in the browser and on the server (entry-server.tsx). */
export function i18nOptions(language: Locale, preloaded: NamespaceTexts = {}): InitOptions {
  return {
    lng: language,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: [DEFAULT_NAMESPACE, ...Object.keys(preloaded)],
    defaultNS: DEFAULT_NAMESPACE,
    fallbackNS: DEFAULT_NAMESPACE,
    // Texts the served page came with are not fetched again; any other namespace still is.
    resources: { [language]: preloaded },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  };
}

/** Starts the app's i18next in `language` (the visitor's), with the texts the served page came with. */
export async function setupI18n(language: Locale = initialLocale(), preloaded?: NamespaceTexts): Promise<I18n> {
  i18next.on('languageChanged', applyLocale);
  await i18next.use(localeFilesBackend).use(initReactI18next).init(i18nOptions(language, preloaded));
  applyLocale(currentLocale());
  return i18next;
}

export { i18next as i18n };
