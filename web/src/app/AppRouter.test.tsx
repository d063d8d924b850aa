import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { AppRouter } from './AppRouter';

function ShownLocation() {
  const { pathname, search } = useLocation();
  return <output>{`${pathname}${search}`}</output>;
}

/**
 * Goes Back before the router listens: a child's layout effect runs before BrowserRouter's own (where it starts
 * listening), as a Back pressed while a server-drawn page hydrates lands before it.
 */
function BackBeforeTheRouterListens() {
  useLayoutEffect(() => {
    window.history.replaceState(null, '', '/dashboard?q=save+on');
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, []);
  return null;
}

test('a Back pressed before the router listens still moves the app to the URL the browser shows', async () => {
  window.history.replaceState(null, '', '/dashboard?q=save+on&sort=ending_soon');
  render(
    <AppRouter>
      <BackBeforeTheRouterListens />
      <ShownLocation />
    </AppRouter>,
  );
  expect(await screen.findByText('/dashboard?q=save+on')).toBeInTheDocument();
  expect(window.location.search).toBe('?q=save+on');
});
