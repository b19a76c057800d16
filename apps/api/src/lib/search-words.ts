/** Lower-cased, accent-free words ("Phở Đà Nẵng" → ["pho", "da", "nang"]), as the directory searches compare them. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Most words a directory search uses; more would only slow the query down. */
const MAX_SEARCH_WORDS = 8;

/**
 * Word-prefix full-text query: ["hope", "kit"] → `hope:* & kit:*`; undefined when there is no word.
 * Words hold only [a-z0-9] (see `searchWords`), so the query cannot be malformed.
 */
export function prefixTsQuery(words: string[]): string | undefined {
  if (words.length === 0) return undefined;
  return words.slice(0, MAX_SEARCH_WORDS).map((word) => `${word}:*`).join(' & ');
}
