import { z } from 'zod';

// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
/** C0 controls, DEL and C1 controls: never part of a name, an email, a slug or a token. */
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, but tab, line feed and carriage return are allowed: multi-line text (stories, descriptions, notes). */
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */

export const CONTROL_CHARACTERS_MESSAGE = 'validation.controlCharacters';

/**
 * Every text field of every request starts here: a string without control characters (NUL and friends would
 * otherwise reach the database and fail there). `typeMessage` is the key when the value is not a string.
 */
export function textInput(typeMessage = 'validation.notAString', options: { multiline?: boolean } = {}) {
  const forbidden = options.multiline ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS;
  return z.string(typeMessage).refine((value) => !forbidden.test(value), CONTROL_CHARACTERS_MESSAGE);
}

/** Optional free text: trimmed; blank (or null, or left out) becomes null, so a cleared field is stored as "not given". */
export const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
  textInput('validation.notAString', options)
    .trim()
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((value) => (value ? value : null));
