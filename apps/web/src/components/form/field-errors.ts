import { isApiRequestError } from '../../lib/api-error.ts';

/** The server's field errors keyed by top-level field (`regions.0` → `regions`); null when it names none. */
export function serverFieldErrorKeys(error: unknown): Record<string, string> | null {
  if (!isApiRequestError(error) || !error.body.details?.length) return null;
  const errors: Record<string, string> = {};
  for (const detail of error.body.details) errors[detail.field.split('.')[0]!] ??= detail.message;
  return errors;
}
