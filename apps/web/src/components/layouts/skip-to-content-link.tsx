/** First focusable element of a layout: lets keyboard users jump past the header to `#main-content`. */
export function SkipToContentLink({ label }: { label: string }) {
  return (
    <a
      href="#main-content"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {label}
    </a>
  );
}
