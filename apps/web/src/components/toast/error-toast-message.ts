import { isApiRequestError } from '../../lib/api-error.ts';

export type Translator = {
  /** True when the current locale has a text for `key`. */
  exists: (key: string) => boolean;
  t: (key: string) => string;
};

/**
 * The text of an error toast (docs/product.md, Errors, docs/architecture.md, API conventions): the server's message, in the user's language when the
 * locale has a text for the error's code (`errors.<code>`), else the caller's default.
 */
export function errorToastMessage(error: unknown, fallbackMessage: string, translator: Translator): string {
  if (!isApiRequestError(error)) return fallbackMessage;
  const { code, message } = error.body;
  if (code && translator.exists(`errors.${code}`)) return translator.t(`errors.${code}`);
  return message.trim() || fallbackMessage;
}
