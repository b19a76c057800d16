import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiRequestError } from '../../lib/api-error.ts';
import { fieldErrorKeys } from './field-errors.ts';

type FormValues = Record<string, string>;

/**
 * Form state checked with a shared zod schema (whose messages are translation keys). Server field errors
 * (`details` of a 400/409) land under the matching field the same way.
 */
export function useValidatedForm<Values extends FormValues, Output>({
  schema,
  initialValues,
}: {
  schema: z.ZodType<Output>;
  initialValues: Values;
}) {
  const { t } = useTranslation('common');
  const [values, setValues] = useState<Values>(initialValues);
  const [errorKeys, setErrorKeys] = useState<Partial<Record<keyof Values, string>>>({});

  const setValue = useCallback((field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrorKeys((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  /** The parsed payload, or null after putting each invalid field's message under it. */
  const validate = useCallback((): Output | null => {
    const result = schema.safeParse(values);
    if (result.success) {
      setErrorKeys({});
      return result.data;
    }
    const next: Partial<Record<keyof Values, string>> = {};
    for (const [field, key] of Object.entries(fieldErrorKeys(result.error))) {
      if (field in values) next[field as keyof Values] = key;
    }
    setErrorKeys(next);
    return null;
  }, [schema, values]);

  /** Puts the server's field errors under their fields; false when the error names none of this form's fields. */
  const showServerFieldErrors = useCallback(
    (error: unknown): boolean => {
      if (!isApiRequestError(error)) return false;
      const next: Partial<Record<keyof Values, string>> = {};
      for (const [field, key] of Object.entries(error.fieldErrors)) {
        if (field in values) next[field as keyof Values] = key;
      }
      if (Object.keys(next).length === 0) return false;
      setErrorKeys(next);
      return true;
    },
    [values],
  );

  /** Translated error text of one field, if any. */
  const errorOf = useCallback(
    (field: keyof Values): string | undefined => {
      const key = errorKeys[field];
      return key ? t(key, { ns: 'common', defaultValue: t('validation.invalid') }) : undefined;
    },
    [errorKeys, t],
  );

  return { values, setValues, setValue, validate, showServerFieldErrors, errorOf };
}
