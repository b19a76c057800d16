import { CAUSE_LOGO_MAX_BYTES, CAUSE_LOGO_TYPES } from '@goodtable/shared';

/** Client-side check of a chosen logo (the API checks again): a translation key when it is refused. */
export function logoProblem(file: Pick<File, 'size' | 'type'>): string | undefined {
  if (!(CAUSE_LOGO_TYPES as readonly string[]).includes(file.type)) return 'form.logoWrongType';
  if (file.size > CAUSE_LOGO_MAX_BYTES) return 'form.logoTooLarge';
  return undefined;
}
