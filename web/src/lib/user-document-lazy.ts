// Entry points to ./user-document that load it (and Firestore Lite) on first use only. Like the module they
// wrap, they never reject: a user-document failure is logged and must not block the user (docs/reference.md#signing-in).
import { isUserDocumentConfirmed } from './user-document-presence';

type UserDocumentModule = typeof import('./user-document');

async function withUserDocumentModule(uid: string, run: (module: UserDocumentModule) => Promise<void>) {
  try {
    await run(await import('./user-document'));
  } catch (error) {
    console.error('auth.user_document_module_failed: could not load the user-document module', {
      uid,
      error,
    });
  }
}

export function ensureUserDocument(uid: string): Promise<void> {
  return withUserDocumentModule(uid, (module) => module.ensureUserDocument(uid));
}

/**
 * Auth-state changes: like ensureUserDocument, but without reading the document again when this session already
 * confirmed it exists (each page load of a signed-in user would otherwise read it once more).
 */
export async function ensureUserDocumentUnlessConfirmed(uid: string): Promise<void> {
  if (isUserDocumentConfirmed(uid)) return;
  await ensureUserDocument(uid);
}

export function createUserDocument(uid: string): Promise<void> {
  return withUserDocumentModule(uid, (module) => module.createUserDocument(uid));
}
