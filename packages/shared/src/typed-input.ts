/**
 * What people type into payment forms, read the way they mean it: card expiry with or without a slash or spaces,
 * card numbers grouped in fours, a BSB with or without its dash.
 */

/** `1229`, `12/29`, `12 / 29`, `1/29`, `12/2029` → month and four-digit year; undefined when it is not an expiry. */
export function parseCardExpiry(typed: string): { month: number; year: number } | undefined {
  const text = typed.trim();
  const match = /^(\d{1,2}) ?[/-] ?(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(text);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: year < 100 ? 2000 + year : year };
}

/** A card number as typed, grouped in fours (`4242424242424242` → `4242 4242 4242 4242`); other characters are dropped. */
export function groupCardNumber(typed: string): string {
  const digitsOnly = typed.replace(/\D/g, '').slice(0, 19);
  return digitsOnly.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A BSB typed as `123456`, `123-456` or `123 456` → `123-456`; anything else is returned trimmed, for the schema to refuse. */
export function normaliseBsb(typed: string): string {
  const text = typed.trim();
  const match = /^(\d{3})[\s-]?(\d{3})$/.exec(text);
  return match ? `${match[1]}-${match[2]}` : text;
}
