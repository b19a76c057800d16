import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';

// Only a crash shows it, so it is not part of every first visit.
const AppErrorPage = lazy(async () => ({ default: (await import('./app-error-page.tsx')).AppErrorPage }));

/** Shows the app error page instead of a blank screen when a screen throws while rendering. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? (
      <Suspense fallback={null}>
        <AppErrorPage />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}
