// The toast library is a lazy chunk in the app (public pages stay within their JavaScript budget). Tests load it
// up front, so a toast assertion does not depend on how fast a busy machine resolves that chunk.
await import('../components/toast/sonner-toasts.tsx');
export {};
