/** Sends the browser to another site (the hosted checkout page). A module of its own so tests can replace it. */
export function leaveAppFor(url: string): void {
  window.location.assign(url);
}
