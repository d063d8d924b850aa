// /account (lazy route chunk): Account Settings.
import { Alert } from '@/components/Alert';
import { Page, Section } from '@/components/layout/Page';
import { useAuthState } from '@/lib/auth-state';
import { DeleteAccountSection } from '@/features/account/components/DeleteAccountSection';
import { EmailPreferencesSection } from '@/features/account/components/EmailPreferencesSection';
import { SignInSection } from '@/features/auth/components/SignInSection';
import { SubscriptionSection } from '@/features/account/components/SubscriptionSection';
import { ACCOUNT_MESSAGES } from '@/features/account/lib/account-messages';
import '@/features/account/account.css';

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
          <SignInSection user={user} />
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
