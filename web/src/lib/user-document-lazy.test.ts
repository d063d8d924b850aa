/**
 * @jest-environment jsdom
 */
import { ensureUserDocument } from './user-document';
import { ensureUserDocumentUnlessConfirmed } from './user-document-lazy';
import { markUserDocumentConfirmed } from './user-document-presence';

jest.mock('./user-document', () => ({
  ensureUserDocument: jest.fn(() => Promise.resolve()),
  createUserDocument: jest.fn(() => Promise.resolve()),
}));

beforeEach(() => {
  jest.clearAllMocks();
  sessionStorage.clear();
});

describe('ensureUserDocumentUnlessConfirmed', () => {
  it('checks (and creates if missing) a document this session has not confirmed yet', async () => {
    await ensureUserDocumentUnlessConfirmed('new-uid');
    expect(ensureUserDocument).toHaveBeenCalledWith('new-uid');
  });

  it('does not read the document again once this session confirmed it exists', async () => {
    markUserDocumentConfirmed('known-uid');
    await ensureUserDocumentUnlessConfirmed('known-uid');
    expect(ensureUserDocument).not.toHaveBeenCalled();
  });

  it('remembers the confirmation across page loads of the tab (sessionStorage)', async () => {
    sessionStorage.setItem('bargains.userDocumentConfirmed:reloaded-uid', '1');
    await ensureUserDocumentUnlessConfirmed('reloaded-uid');
    expect(ensureUserDocument).not.toHaveBeenCalled();
  });
});
