import type { z } from 'zod';
import { isApiRequestError } from '../../lib/api-error.ts';

/** First message (a translation key) per top-level field of a failed parse. */
export function fieldErrorKeys(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string') errors[field] ??= issue.message;
  }
  return errors;
}

/** The server's field errors keyed by top-level field (`regions.0` → `regions`); null when it names none. */
export function serverFieldErrorKeys(error: unknown): Record<string, string> | null {
  if (!isApiRequestError(error) || !error.body.details?.length) return null;
  const errors: Record<string, string> = {};
  for (const detail of error.body.details) errors[detail.field.split('.')[0]!] ??= detail.message;
  return errors;
}
