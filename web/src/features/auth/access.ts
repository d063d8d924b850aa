/** Protected paths a signed-in user may open without an active subscription (docs/reference.md#access-control). */
const SUBSCRIPTION_FREE_PATHS: readonly string[] = ['/dashboard', '/account'];

export function isSubscriptionFreePath(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SUBSCRIPTION_FREE_PATHS.includes(normalised);
}
