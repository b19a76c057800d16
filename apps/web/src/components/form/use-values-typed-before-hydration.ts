import { useLayoutEffect, type RefObject } from 'react';
import type { BoundForm } from './form-fields.tsx';

/**
 * A form whose server HTML the visitor could type into before its code loaded (`lazyOnFirstInput`,
 * docs/decisions/0267-a-first-screen-form-loads-its-code-at-the-first-input.md) keeps what was typed: React leaves the
 * fields' values in the page while it hydrates them, and this hands each one that differs from the form's state to
 * the form, once, right after. Later input reaches the form through the fields' own change handlers. Fields are
 * found by their `name`.
 */
export function useValuesTypedBeforeHydration<Field extends string>({ formRef, form }: { formRef: RefObject<HTMLFormElement | null>; form: BoundForm<Field> }): void {
  useLayoutEffect(() => {
    const element = formRef.current;
    if (!element) return;
    for (const [field, value] of Object.entries(form.values) as [Field, string][]) {
      const control = element.elements.namedItem(field);
      const typed = control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement ? control.value : undefined;
      if (typed !== undefined && typed !== value) form.setValue(field, typed);
    }
    // Once, on the first render: this is about what happened before the form had any code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
