import type { ReactNode } from 'react';
import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';

/**
 * A modal dialog (Headless UI: focus trapped, Escape closes, named by its title and described by `text`) with
 * optional content and a row of actions. The dialog element itself covers the screen (not a zero-size wrapper),
 * so it counts as visible.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  text,
  children,
  actions,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  children?: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <DialogPanel className="relative w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
        <Description className="mt-2 text-sm text-slate-600">{text}</Description>
        {children ? <div className="mt-4">{children}</div> : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div>
      </DialogPanel>
    </Dialog>
  );
}
