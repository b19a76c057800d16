import { isApiRequestError } from '../../lib/api-error.ts';

export type Translator = {
  /** True when the current locale has a text for `key`. */
  exists: (key: string) => boolean;
  t: (key: string) => string;
};

/** A failing call and the text shown when the server gave none (already translated). */
export type ErrorToast = { error: unknown; fallbackMessage: string };

/**
 * The text of an error toast (docs/product.md, Errors, docs/architecture.md, API conventions): the server's message, in the user's language when the
 * locale has a text for the error's code (`errors.<code>`), else the caller's default.
 */
export function errorToastMessage({ error, fallbackMessage, translator }: ErrorToast & { translator: Translator }): string {
  if (!isApiRequestError(error)) return fallbackMessage;
  const { code, message } = error.body;
  if (code && translator.exists(`errors.${code}`)) return translator.t(`errors.${code}`);
  return message.trim() || fallbackMessage;
}
