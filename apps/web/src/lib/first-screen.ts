/**
 * The server's first screen of a public page: its markup inside #root (marked `data-first-html`), read before React
 * replaces it. While the app on that same address still loads (its code, then the page's data), its loading states
 * show this markup again instead of a spinner, so the visitor sees the content once, never content → spinner →
 * content. Another address has no first screen.
 */
type FirstScreen = { address: string; whole: string; content: string };

let firstScreen: FirstScreen | undefined;

const currentAddress = () => `${window.location.pathname}${window.location.search}`;

export function keepFirstScreen(root: HTMLElement): void {
  const main = root.querySelector('[data-first-html] main');
  if (main) firstScreen = { address: currentAddress(), whole: root.innerHTML, content: main.innerHTML };
}

/** The first screen's markup for the current address: `whole` (header and all) or only the `content` of its main. */
export function firstScreenMarkup(part: 'whole' | 'content'): string | undefined {
  return firstScreen && firstScreen.address === currentAddress() ? firstScreen[part] : undefined;
}
