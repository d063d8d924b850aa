// Remembers, per uid for this browser tab's session, that users/{uid} was confirmed to exist, so later page loads
// do not read the document again just to check it (the create-if-missing rule of docs/reference.md#signing-in then holds).
const STORAGE_PREFIX = 'bargains.userDocumentConfirmed:';
const confirmedThisPage = new Set<string>();

export function markUserDocumentConfirmed(uid: string): void {
  confirmedThisPage.add(uid);
  try {
    sessionStorage.setItem(STORAGE_PREFIX + uid, '1');
  } catch {
    // Storage can be disabled (private modes, quotas): the in-memory set still covers this page.
  }
}

export function isUserDocumentConfirmed(uid: string): boolean {
  if (confirmedThisPage.has(uid)) return true;
  try {
    return sessionStorage.getItem(STORAGE_PREFIX + uid) === '1';
  } catch {
    return false;
  }
}
