import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, BootFailure } from '@/app/App';
import { preloadRoute } from '@/app/routes';
import { startAuthSession } from '@/lib/first-auth-check';
import { nextTask } from '@/lib/next-task';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The HTML already shows this page's build-time snapshot (or the loading frame). The app renders once the first
// auth check has finished (docs/reference.md#signing-in) and the page's chunk is loaded, replacing the snapshot in one commit, so
// the page never flashes a spinner or links for the wrong auth state. Both downloads start now, side by side.
// Evaluating this chunk (React DOM, the router) is a task of its own; finding and requesting the page's chunk next.
await nextTask();
const pageReady = preloadRoute(window.location.pathname);
const root = createRoot(container);
try {
  const session = await startAuthSession();
  await pageReady;
  // A transition renders in short slices, so taking over a long page never blocks input for long; the snapshot
  // stays on screen until the commit.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App session={session} />
      </StrictMode>,
    );
  });
} catch (error) {
  console.error('app.boot_failed: the auth layer could not load', { error });
  root.render(<BootFailure error={error} />);
}
