import { useCallback } from 'react';
import { useForm, type DefaultValues, type FieldPath, type PathValue, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { serverFieldErrorKeys } from './field-errors.ts';

/** Text fields hold strings; choice groups may hold lists (weekdays, regions). */
type FormValues = Record<string, unknown>;

/**
 * A react-hook-form form validated with a shared zod schema (its messages are translation keys), plus the small
 * surface the field components bind to (`values`, `setValue`, `errorOf`).
 *
 * `values` is the server's current data: when it changes (a save elsewhere, the time-zone prompt), fields the user
 * has not edited take the new value and edited ones keep the user's text (RHF `keepDirtyValues`).
 */
export function useZodForm<Values extends FormValues, Output>({
  schema,
  defaultValues,
  values,
}: {
  /** Parses the form's strings into the payload (its input may be looser than the strings, e.g. nullable). */
  schema: z.ZodType<Output>;
  defaultValues: Values;
  values?: Values;
}) {
  const { t } = useTranslation('common');
  const form = useForm<Values, unknown, Output>({
    // The form holds strings (Values); the schema's own input type may be wider, which the resolver's types cannot see.
    resolver: zodResolver(schema as z.ZodType<Output, Values>) as Resolver<Values, unknown, Output>,
    defaultValues: defaultValues as DefaultValues<Values>,
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const current = form.watch();

  const setValue = useCallback(
    <Field extends keyof Values & string>(field: Field, value: Values[Field]) => {
      const name = field as unknown as FieldPath<Values>;
      form.setValue(name, value as PathValue<Values, FieldPath<Values>>, { shouldDirty: true });
      form.clearErrors(name);
    },
    [form],
  );

  /** Translated error text of one field, if any. */
  const errorOf = (field: keyof Values & string): string | undefined => {
    const key = form.formState.errors[field]?.message;
    return typeof key === 'string' && key ? t(key, { ns: 'common', defaultValue: t('validation.invalid') }) : undefined;
  };

  /** Puts the server's field errors (400/409 `details`) under this form's fields; false when it names none of them. */
  const showServerFieldErrors = useCallback(
    (error: unknown): boolean => {
      const keys = serverFieldErrorKeys(error) ?? {};
      const fields = Object.keys(keys).filter((field) => field in form.getValues());
      for (const field of fields) form.setError(field as FieldPath<Values>, { type: 'server', message: keys[field] });
      return fields.length > 0;
    },
    [form],
  );

  return { form, values: current as Values, setValue, errorOf, showServerFieldErrors };
}

export type ZodForm<Values extends FormValues, Output> = ReturnType<typeof useZodForm<Values, Output>>;
