// Whether the first-run email prompt is still owed to a subscriber (set on the checkout return, cleared once they
// answer or dismiss it). Its own module so the dashboard can decide without loading the prompt and the full
// Firestore SDK it uses.
/** Set on the checkout return, cleared once answered or dismissed: the prompt survives a reload or a detour. */
export const emailPromptKey = (uid: string) => `bargains.email-prompt.${uid}`;

export function readPending(uid: string): boolean {
  try {
    return window.localStorage.getItem(emailPromptKey(uid)) === 'pending';
  } catch {
    return false; // Storage disabled: the checkout return alone shows it.
  }
}

export function writePending(uid: string, pending: boolean): void {
  try {
    if (pending) window.localStorage.setItem(emailPromptKey(uid), 'pending');
    else window.localStorage.removeItem(emailPromptKey(uid));
  } catch {
    // Storage disabled: nothing to remember.
  }
}
