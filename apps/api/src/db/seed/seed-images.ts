import sharp from 'sharp';

/** Demo pictures are drawn offline as SVG and stored as WebP. */
export function svgToWebp(svg: string, quality: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality }).toBuffer();
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Up to two capital initials of the words that start with a letter ("Bếp Sông Hàn" → "BS"), leaving out `skipWords` (lower case). */
export function initials(name: string, skipWords: readonly string[] = []): string {
  return name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word) && !skipWords.includes(word.toLowerCase()))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}
