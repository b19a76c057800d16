// What a toast is, apart from the code that shows it: the lazily loaded Sonner chunk and the always-loaded context both
// use it, and neither imports the other for it.
export type ToastKind = 'success' | 'error';

export type ToastInput = { kind: ToastKind; message: string };
