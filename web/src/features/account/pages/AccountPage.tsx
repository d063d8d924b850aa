// /account (lazy route chunk): Account Settings.
import { Alert } from '@/components/Alert';
import { Page, Section } from '@/components/layout/Page';
import { useAuthState } from '@/lib/auth-state';
import { DeleteAccountSection } from '../components/DeleteAccountSection';
import { EmailPreferencesSection } from '../components/EmailPreferencesSection';
import { SubscriptionSection } from '../components/SubscriptionSection';
import { ACCOUNT_MESSAGES } from '../lib/account-messages';
import '../account.css';

export default function AccountPage() {
  const { user } = useAuthState();
  return (
    <Page title="Account Settings" width="narrow">
      {user ? (
        <div className="account-settings">
          <Section title="Profile" id="profile">
            <dl className="account-facts">
              <div>
                <dt>Email</dt>
                <dd>{user.email ?? 'No email address'}</dd>
              </div>
            </dl>
          </Section>
          <SubscriptionSection />
          <EmailPreferencesSection uid={user.uid} />
          <DeleteAccountSection user={user} />
        </div>
      ) : (
        <Alert>{ACCOUNT_MESSAGES.loadFailed}</Alert>
      )}
    </Page>
  );
}
