import { useEffect, type ReactNode } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';

/** The app's router: BrowserRouter, kept on the URL the browser shows (FollowMissedHistory). */
export function AppRouter({ children }: { children: ReactNode }) {
  return (
    <BrowserRouter>
      <FollowMissedHistory />
      {children}
    </BrowserRouter>
  );
}

const browserUrl = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * BrowserRouter reads the URL when it first renders but listens for Back and Forward only once it has committed
 * (react-router's BrowserRouter: history.listen in a layout effect). A Back pressed in between (a page drawn on the
 * server still hydrating on a busy device) changes the URL and not the page, which would go on showing the list of
 * the entry left. After every commit, when the two differ, the router is put on the URL the browser shows.
 */
function FollowMissedHistory() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const shown = browserUrl();
    if (shown !== `${location.pathname}${location.search}${location.hash}`)
      navigate(shown, { replace: true });
  }, [location, navigate]);
  return null;
}
