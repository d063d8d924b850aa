import { doc, getDoc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore';
import {
  alertPreferencesDoc,
  type AlertPreferencesInput,
  defaultAlertPreferences,
  parseAlertPreferences,
} from '@bargains/model/alert-preferences';
import { alertPreferencesDocPath } from '@bargains/model/paths';

/** The browser's IANA zone (the default for a first save). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The stored preferences without updated_at, or the opt-in defaults when there are none yet. */
export async function loadEmailPreferences(
  db: Firestore,
  uid: string,
): Promise<{ preferences: AlertPreferencesInput; saved: boolean }> {
  const snapshot = await getDoc(doc(db, alertPreferencesDocPath(uid)));
  const stored = snapshot.exists() ? parseAlertPreferences(uid, snapshot.data()) : null;
  if (!stored) return { preferences: defaultAlertPreferences(browserTimeZone()), saved: false };
  const { uid: _uid, updated_at: _updatedAt, ...preferences } = stored;
  return { preferences, saved: true };
}

/** Writes the whole document (the rules require every field and updated_at = the server time). */
export async function saveEmailPreferences(
  db: Firestore,
  uid: string,
  input: AlertPreferencesInput,
): Promise<void> {
  await setDoc(doc(db, alertPreferencesDocPath(uid)), alertPreferencesDoc(input, serverTimestamp()));
}
