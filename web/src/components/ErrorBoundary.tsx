import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './Button';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Replaces the default "Something went wrong." panel. */
  fallback?: (error: Error) => ReactNode;
  /** Names the boundary in the log line. */
  name?: string;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Catches render errors below it (and failed lazy chunk loads) and shows a recoverable message. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`ui.render_failed: ${this.props.name ?? 'app'} boundary caught an error`, {
      error,
      componentStack: info.componentStack,
    });
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return this.props.fallback ? this.props.fallback(error) : <ErrorFallback error={error} />;
  }
}

/** The error boundary's view (docs/reference.md#messages): 'Something went wrong.', the error message and a Reload Page button. */
export function ErrorFallback({ error }: { error: Error }) {
  return (
    <div className="error-fallback" role="alert">
      <h1 className="error-fallback__title">Something went wrong.</h1>
      <p className="error-fallback__message">{error.message}</p>
      <Button onClick={() => window.location.reload()}>Reload Page</Button>
    </div>
  );
}
