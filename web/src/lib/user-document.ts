// Creates users/{uid} with the initial values when it is missing (docs/reference.md#signing-in). Loaded lazily after sign-in and
// built on Firestore Lite, so signing in on a public page never downloads the full Firestore SDK.
import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { userDocPath } from '@bargains/model/paths';
import { newUserDoc } from '@bargains/model/user';
import { liteDb } from '@/lib/firestore-lite';
import { markUserDocumentConfirmed } from './user-document-presence';

// One task per uid at a time: sign-in and the auth-state listener both ask right after a sign-in, and a second
// concurrent create would be refused by the rules (the document exists by then) and logged as a false alarm.
const pendingTasks = new Map<string, Promise<void>>();

function runOnce(uid: string, task: () => Promise<void>): Promise<void> {
  const pending = pendingTasks.get(uid);
  if (pending) return pending;
  const settled = task()
    .catch((error: unknown) => logUserDocumentError(uid, error))
    .finally(() => pendingTasks.delete(uid));
  pendingTasks.set(uid, settled);
  return settled;
}

async function createInitialDocument(uid: string): Promise<void> {
  await setDoc(doc(liteDb, userDocPath(uid)), newUserDoc(serverTimestamp()));
  markUserDocumentConfirmed(uid);
}

/** Sign-in and auth-state changes: create the document only if it does not exist yet. Never rejects. */
export function ensureUserDocument(uid: string): Promise<void> {
  return runOnce(uid, async () => {
    const snapshot = await getDoc(doc(liteDb, userDocPath(uid)));
    if (snapshot.exists()) markUserDocumentConfirmed(uid);
    else await createInitialDocument(uid);
  });
}

/** Sign-up: the account is brand new, so create the document straight away. Never rejects. */
export function createUserDocument(uid: string): Promise<void> {
  return runOnce(uid, () => createInitialDocument(uid));
}

interface ErrorDetails {
  name: string;
  message: string;
  stack?: string;
  code?: string;
}

function describeError(error: unknown): ErrorDetails {
  if (!(error instanceof Error)) return { name: 'UnknownError', message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    stack: error.stack,
    ...(typeof code === 'string' ? { code } : {}),
  };
}

// docs/reference.md#signing-in: log name, message and stack; on permission-denied add the likely causes.
function logUserDocumentError(uid: string, error: unknown): void {
  const details = describeError(error);
  console.error('auth.user_document_failed: could not ensure the user document', { uid, ...details });
  if (details.code === 'permission-denied') {
    console.error('auth.user_document_permission_denied: possible causes', {
      uid,
      hints: [
        'The user may not be authenticated (or the token is not yet attached to the request).',
        'The document data may not match the security rules (exactly the four initial fields).',
        'The document may already exist (clients may create it but never overwrite it).',
      ],
    });
  }
}
