import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Section } from '@/components/layout/Page';
import { db } from '@/lib/firestore';
import { signOutUser } from '@/lib/sign-out';
import { deleteUserAccount, type AccountOwner } from '../api/delete-account';
import { deleteAccountErrorMessage } from '../lib/account-messages';

/** Delete Account: a warning panel with Cancel and Confirm Delete (docs/reference.md#account-deletion). */
export function DeleteAccountSection({ user }: { user: AccountOwner }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirmDelete = async () => {
    setDeleting(true);
    setError(null);
    try {
      await deleteUserAccount(db, user);
    } catch (caught) {
      console.error('account.delete_failed', caught);
      setError(deleteAccountErrorMessage(caught));
      setDeleting(false);
      return;
    }
    // Leave the protected page before the session ends, so the sign-out cannot bounce the browser to /login.
    navigate('/', { replace: true });
    try {
      await signOutUser();
    } catch {
      // Logged by signOutUser. The Auth user no longer exists, so the stale session cannot be refreshed.
    }
  };

  return (
    <Section title="Delete Account" id="delete-account">
      <p className="muted">
        Permanently delete your account, your subscription and everything we store about you.
      </p>
      {confirming ? (
        <div className="danger-panel" role="group" aria-labelledby="delete-warning-title">
          <h3 id="delete-warning-title" className="danger-panel__title">
            Delete your account?
          </h3>
          <p>
            This cannot be undone. Your subscription is canceled immediately, without a refund for the current
            period, and you lose access to your bargains right away.
          </p>
          <div className="button-row">
            <Button variant="secondary" disabled={deleting} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" loading={deleting} onClick={() => void confirmDelete()}>
              {deleting ? 'Deleting...' : 'Confirm Delete'}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete Account
        </Button>
      )}
      {error && <Alert>{error}</Alert>}
    </Section>
  );
}
