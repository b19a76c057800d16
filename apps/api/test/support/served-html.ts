import { expect } from 'vitest';

/** A name or story that would break a head built with string replacement: replacement patterns and closing tags. */
export const HEAD_BREAKING_TEXT = "Bob's $' $` $& </title><script>x</script>";
/** HEAD_BREAKING_TEXT as the served title shows it, escaped. */
export const HEAD_BREAKING_TITLE = '<title>Bob&#39;s $&#39; $` $&amp; &lt;/title&gt;&lt;script&gt;x&lt;/script&gt; | GoodTable</title>';

/** The page's text left the document's structure alone: one title, one head, one body, no script, no foreign host. */
export function expectHeadStructureIntact(html: string): void {
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html.match(/<\/head>/g)).toHaveLength(1);
  expect(html.match(/<body>/g)).toHaveLength(1);
  expect(html).not.toContain('<script>');
  expect(html).toContain(HEAD_BREAKING_TITLE);
  expect(html).not.toContain('evil.example');
}
