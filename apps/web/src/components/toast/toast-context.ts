import { createContext, useContext } from 'react';

export type ToastKind = 'success' | 'error';

export type ToastInput = { kind: ToastKind; message: string };

export type ToastApi = {
  showToast: (toast: ToastInput) => void;
  dismissToast: (id: number) => void;
};

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>');
  return context;
}
