import { isDocumentId, MAX_DOCUMENT_ID_BYTES } from './document-id';

describe('isDocumentId', () => {
  it('accepts ids Firestore accepts, up to the byte limit', () => {
    for (const id of [
      'a',
      'some-post',
      'uid_123',
      '_x',
      '__x',
      'x__',
      '_',
      '__',
      '___',
      '...',
      'a.b',
      'é',
      '😀',
    ]) {
      expect([id, isDocumentId(id)]).toEqual([id, true]);
    }
    expect(isDocumentId('x'.repeat(MAX_DOCUMENT_ID_BYTES))).toBe(true);
    // 500 three-byte characters: exactly the limit in bytes.
    expect(isDocumentId('€'.repeat(MAX_DOCUMENT_ID_BYTES / 3))).toBe(true);
  });

  it('refuses every id Firestore would throw on', () => {
    for (const id of [
      '',
      '.',
      '..',
      'a/b',
      '/',
      '__x__',
      '____',
      '__name__',
      '__a\nb__',
      'x'.repeat(MAX_DOCUMENT_ID_BYTES + 1),
      '€'.repeat(MAX_DOCUMENT_ID_BYTES / 3 + 1),
      'lone \ud800 high',
      'lone \udc00 low',
      '\udc00\ud800',
    ]) {
      expect([id, isDocumentId(id)]).toEqual([id, false]);
    }
  });
});
