import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SkipToContentLink } from './skip-to-content-link.tsx';

type DashboardLayoutProps = {
  /** Navigation shown in the sidebar (always visible on lg screens, a drawer below). */
  sidebar: ReactNode;
  /** Top bar content; receives the button that opens the sidebar on small screens. */
  header: (sidebarToggle: ReactNode) => ReactNode;
  /** Lets the main area use the full width instead of a centred column. */
  fullWidth?: boolean;
  /** Accessible names of the sidebar toggle and the sidebar itself. */
  labels: { openSidebar: string; closeSidebar: string; sidebar: string; skipToContent: string };
  children: ReactNode;
};

/** Dashboard layout (docs/product.md, Screens and routes): sidebar (openable on mobile), header, main area, optional full width. */
export function DashboardLayout({ sidebar, header, fullWidth = false, labels, children }: DashboardLayoutProps) {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const sidebarId = useId();
  const location = useLocation();
  const closeButton = useRef<HTMLButtonElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);

  const closeSidebar = () => {
    setSidebarOpen(false);
    toggleButton.current?.focus();
  };

  useEffect(() => setSidebarOpen(false), [location.pathname]);
  useEffect(() => {
    if (!sidebarOpen) return;
    closeButton.current?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setSidebarOpen(false);
      toggleButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [sidebarOpen]);

  const sidebarToggle = (
    <button
      ref={toggleButton}
      type="button"
      className="inline-flex items-center justify-center rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
      aria-controls={sidebarId}
      aria-expanded={sidebarOpen}
      onClick={() => setSidebarOpen((open) => !open)}
    >
      <span className="sr-only">{sidebarOpen ? labels.closeSidebar : labels.openSidebar}</span>
      <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        {sidebarOpen ? <path d="M6 18 18 6M6 6l12 12" /> : <path d="M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5" />}
      </svg>
    </button>
  );

  return (
    <div className="relative min-h-screen bg-slate-50">
      <SkipToContentLink label={labels.skipToContent} />
      {/*
       * The sidebar's column down the whole page on lg screens. The sidebar is fixed, one screen tall: a full-page
       * screenshot or a printout (which lay out fixed boxes once, at the top) showed its white ending there.
       */}
      <div aria-hidden="true" className="absolute inset-y-0 left-0 hidden w-64 border-r border-slate-200 bg-white lg:block" />
      {sidebarOpen ? (
        <div className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden" aria-hidden="true" onClick={closeSidebar} />
      ) : null}
      <aside
        id={sidebarId}
        aria-label={labels.sidebar}
        className={`fixed inset-y-0 left-0 z-40 w-64 overflow-y-auto border-r border-slate-200 bg-white transition-transform lg:translate-x-0 ${
          sidebarOpen ? 'translate-x-0' : '-translate-x-full max-lg:invisible'
        }`}
      >
        <button
          ref={closeButton}
          type="button"
          onClick={closeSidebar}
          className="absolute top-4 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 lg:hidden"
        >
          <span className="sr-only">{labels.closeSidebar}</span>
          <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
            <path d="M6 18 18 6M6 6l12 12" />
          </svg>
        </button>
        {sidebar}
      </aside>
      <div className="lg:pl-64">
        {header(sidebarToggle)}
        <main id="main-content" className={fullWidth ? 'px-4 py-6 sm:px-6' : 'mx-auto max-w-4xl px-4 py-8 sm:px-6'}>
          {children}
        </main>
      </div>
    </div>
  );
}
