// A module of its own so that the popup resolver, and the Google API iframe it preloads on mobile browsers, load
// on the first popup sign-in instead of with every page (lib/auth initialises Auth without it).
export { browserPopupRedirectResolver } from 'firebase/auth';
