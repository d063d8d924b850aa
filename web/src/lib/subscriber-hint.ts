// Remembers on this device which users were last seen with an active subscription, so the dashboard can request
// its first deals while the user document is still on its way (features/dashboard/api/first-page-prefetch.ts).
// Only a hint: the security rules decide what a query may read, and the live user document decides what shows.
const STORAGE_PREFIX = 'bargains.activeSubscriber:';

export function rememberSubscriptionActive(uid: string, active: boolean): void {
  try {
    if (active) localStorage.setItem(STORAGE_PREFIX + uid, '1');
    else localStorage.removeItem(STORAGE_PREFIX + uid);
  } catch {
    // Storage can be disabled (private modes, quotas): the dashboard then waits for the user document.
  }
}

export function wasSubscriptionActive(uid: string): boolean {
  try {
    return localStorage.getItem(STORAGE_PREFIX + uid) === '1';
  } catch {
    return false;
  }
}
