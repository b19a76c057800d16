import { useId, type ComponentProps } from 'react';
import { SelectField } from '../../components/form/select-field.tsx';
import { FieldError } from '../../components/form/text-field.tsx';

/**
 * A `SelectField` with an error under it, tied to the select for screen readers. Kept out of `SelectField` itself,
 * which the public directory loads on first visit (its JavaScript budget).
 */
export function BookingSelectField<Value extends string>({ error, ...props }: ComponentProps<typeof SelectField<Value>> & { error?: string }) {
  const errorId = useId();
  return (
    <div>
      <SelectField {...props} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
