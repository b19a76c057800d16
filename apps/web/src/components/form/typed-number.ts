/**
 * A number typed in a text field: blank → undefined (the schema says whether it may be left out), a plain decimal
 * → the number (so "1.5" is reported as not whole and "-1" as too small), anything else → NaN, which the schema
 * reports as not a number under the field.
 */
export function typedNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
