import type { ComponentProps } from 'react';
import { TextField } from './text-field.tsx';

/** The part of a `useZodForm` result that a field bound to `field` needs. */
export type BoundForm<Field extends string> = {
  values: Record<Field, string>;
  setValue: (field: Field, value: string) => void;
  errorOf: (field: Field) => string | undefined;
};

type BoundTextFieldProps<Field extends string> = Omit<ComponentProps<typeof TextField>, 'form' | 'name' | 'value' | 'onChange' | 'error'> & {
  form: BoundForm<Field>;
  name: Field;
};

/** A `TextField` whose value, change handler and error come from the form field of the same `name`. */
export function BoundTextField<Field extends string>({ form, name, ...props }: BoundTextFieldProps<Field>) {
  return <TextField {...props} name={name} value={form.values[name]} onChange={(value) => form.setValue(name, value)} error={form.errorOf(name)} />;
}

/**
 * First and last name side by side. `autoComplete` (default on) fills them with the user's own name; leave it off
 * when the form is about somebody else (an invited team member).
 */
export function NameFields({
  form,
  firstNameLabel,
  lastNameLabel,
  autoComplete = true,
}: {
  form: BoundForm<'first_name' | 'last_name'>;
  firstNameLabel: string;
  lastNameLabel: string;
  autoComplete?: boolean;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <BoundTextField form={form} label={firstNameLabel} name="first_name" autoComplete={autoComplete ? 'given-name' : undefined} />
      <BoundTextField form={form} label={lastNameLabel} name="last_name" autoComplete={autoComplete ? 'family-name' : undefined} />
    </div>
  );
}

/** Email address field (`type="email"`); `autoComplete` as in `NameFields`. */
export function EmailField({ form, label, autoComplete = true }: { form: BoundForm<'email'>; label: string; autoComplete?: boolean }) {
  return <BoundTextField form={form} label={label} type="email" name="email" autoComplete={autoComplete ? 'email' : undefined} />;
}

/** Password field: `new-password` when choosing one (with the length hint), `current-password` when signing in. */
export function PasswordField({
  form,
  label,
  autoComplete,
  hint,
}: {
  form: BoundForm<'password'>;
  label: string;
  autoComplete: 'new-password' | 'current-password';
  hint?: string;
}) {
  return <BoundTextField form={form} label={label} type="password" name="password" autoComplete={autoComplete} hint={hint} />;
}
