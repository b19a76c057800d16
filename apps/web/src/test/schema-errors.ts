import { z } from 'zod';

/** The messages (translation keys) a failed form parse puts under each field; {} when it passed. */
export function fieldErrorKeys(error: z.ZodError | undefined): Record<string, string[]> {
  return error ? (z.flattenError(error).fieldErrors as Record<string, string[]>) : {};
}
