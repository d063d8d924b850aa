// The one check for a value from outside (a URL, a request body, a signed token, a feed) that becomes a Firestore
// document id or path segment. Firestore refuses ids that are '.' or '..', contain '/', match `__.*__`
// (reserved), are longer than 1,500 bytes or are not valid UTF-8 — and refuses them by throwing at the read, so
// a handler that forgets this check answers a client's typo with a 500. Every caller turns `false` into its own
// 4xx (or, for feeds, a skipped record) before any read.

import { LONE_SURROGATE } from './unicode';

/** Firestore's limit on a document id, in UTF-8 bytes. */
export const MAX_DOCUMENT_ID_BYTES = 1500;

/** Whether `value` can name a document: every rule Firestore enforces on an id (see the file comment). */
export function isDocumentId(value: string): boolean {
  return (
    value !== '' &&
    value !== '.' &&
    value !== '..' &&
    !value.includes('/') &&
    !/^__.*__$/s.test(value) &&
    !LONE_SURROGATE.test(value) &&
    new TextEncoder().encode(value).length <= MAX_DOCUMENT_ID_BYTES
  );
}
