import { doc, getDoc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore';
import {
  emailPreferencesDoc,
  type EmailPreferencesInput,
  defaultEmailPreferences,
  parseEmailPreferences,
} from '@bargains/model/email-preferences';
import { emailPreferencesDocPath } from '@bargains/model/paths';

/** The browser's IANA zone (the default for a first save). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The stored preferences without updated_at, or the opt-in defaults when there are none yet. */
export async function loadEmailPreferences(
  db: Firestore,
  uid: string,
): Promise<{ preferences: EmailPreferencesInput; saved: boolean }> {
  const snapshot = await getDoc(doc(db, emailPreferencesDocPath(uid)));
  const stored = snapshot.exists() ? parseEmailPreferences(uid, snapshot.data()) : null;
  if (!stored) return { preferences: defaultEmailPreferences(browserTimeZone()), saved: false };
  const { uid: _uid, updated_at: _updatedAt, ...preferences } = stored;
  return { preferences, saved: true };
}

/** Writes the whole document (the rules require every field and updated_at = the server time). */
export async function saveEmailPreferences(
  db: Firestore,
  uid: string,
  input: EmailPreferencesInput,
): Promise<void> {
  await setDoc(doc(db, emailPreferencesDocPath(uid)), emailPreferencesDoc(input, serverTimestamp()));
}
