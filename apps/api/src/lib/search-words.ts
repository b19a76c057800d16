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
