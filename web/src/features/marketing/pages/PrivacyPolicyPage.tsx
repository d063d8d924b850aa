import '../marketing.css';
import { LegalPage } from '../components/LegalPage';
import { SupportEmailLink } from '@/components/SupportEmailLink';

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated={{ label: '04-13-2025', dateTime: '2025-04-13' }}
      summary={
        <p>
          <strong>In short:</strong> we keep only what we need to run your account and your $2/month
          subscription. We do not sell your data, and card details are handled by our payment provider, never
          by us.
        </p>
      }
    >
      <h2>1. Who we are</h2>
      <p>
        This policy explains how Bargains (&quot;we&quot;, &quot;us&quot;) collects and uses personal
        information when you visit our website or use the Bargains subscription service.
      </p>
      <h2>2. Information we collect</h2>
      <ul>
        <li>
          <strong>Account information:</strong> your email address and, if you sign in with Google, the basic
          profile information Google shares with us. Passwords are stored by our authentication provider in
          hashed form; we never see them.
        </li>
        <li>
          <strong>Subscription information:</strong> whether your subscription is active, its status, the end
          of the current billing period, and the customer and subscription identifiers issued by our payment
          provider.
        </li>
        <li>
          <strong>Payment information:</strong> card payments are processed on our payment provider&apos;s
          hosted checkout page. We do not receive or store your card number.
        </li>
        <li>
          <strong>Technical information:</strong> basic logs (such as request times and error reports) that
          help us keep the service secure and working.
        </li>
      </ul>
      <h2>3. How we use it</h2>
      <ul>
        <li>To create and secure your account and let you sign in.</li>
        <li>To charge the monthly fee, show your subscription status and let you cancel or resubscribe.</li>
        <li>To show you the deal list your subscription includes.</li>
        <li>To answer your support requests and to meet legal obligations.</li>
      </ul>
      <h2>4. Sharing</h2>
      <p>
        We share information only with the service providers that run Bargains for us: our hosting, database
        and authentication provider, and our payment provider. They process it on our behalf and under their
        own security commitments. We do not sell or rent personal information, and we do not use it for
        third-party advertising.
      </p>
      <h2>5. Retention and deletion</h2>
      <p>
        We keep your information while your account exists. You can delete your account from the Account page;
        this removes your account and your subscription record from our database. Records that payment or tax
        law requires us to keep are held by our payment provider for the period the law sets.
      </p>
      <h2>6. Your choices and rights</h2>
      <p>
        You can see your email and subscription on the Account page, cancel at any time, or delete your
        account. Depending on where you live, you may also have the right to request a copy of your data or
        its correction; write to us and we will respond.
      </p>
      <h2>7. Cookies and local storage</h2>
      <p>
        We use your browser&apos;s storage only to keep you signed in. We do not use advertising or tracking
        cookies.
      </p>
      <h2>8. Children</h2>
      <p>
        Bargains is not intended for children under 16, and we do not knowingly collect their information.
      </p>
      <h2>9. Changes</h2>
      <p>
        If we change this policy, we will update the date at the top of this page. Significant changes will
        also be announced on the site.
      </p>
      <h2>10. Contact</h2>
      <p>
        Questions about privacy: <SupportEmailLink />.
      </p>
    </LegalPage>
  );
}
