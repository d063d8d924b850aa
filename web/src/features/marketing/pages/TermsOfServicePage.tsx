import '../marketing.css';
import { Link } from 'react-router-dom';
import { LegalPage } from '../components/LegalPage';
import { SupportEmailLink } from '@/components/SupportEmailLink';

export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      summary={
        <p>
          <strong>In short:</strong> Bargains costs $2 per month, billed automatically until you cancel.
          Payments are non-refundable. Cancel any time and keep access until the end of the period you paid
          for.
        </p>
      }
    >
      <h2>1. Agreement</h2>
      <p>
        By creating an account or subscribing to Bargains you agree to these terms. If you do not agree,
        please do not use the service.
      </p>
      <h2>2. The service</h2>
      <p>
        Bargains gives subscribers access to a curated list of coupons, discounts and deals collected from
        third-party sources. Features described as &quot;coming soon&quot; are plans, not promises, and are
        not part of what you pay for today.
      </p>
      <h2>3. Your account</h2>
      <p>
        You need an account to subscribe. Keep your sign-in details private and tell us promptly if you think
        someone else has used your account. You are responsible for activity under your account.
      </p>
      <h2>4. Fees and automatic billing</h2>
      <ul>
        <li>The subscription fee is $2 per month, charged in US dollars.</li>
        <li>
          Billing is automatic: by subscribing you authorise us, through our payment provider, to charge your
          payment method at the start of each monthly billing period until you cancel.
        </li>
        <li>
          If a payment fails, your access may be paused until the payment goes through. We will tell you
          before we change the price, and a new price applies only from your next billing period.
        </li>
      </ul>
      <h2>5. No refunds</h2>
      <p>
        All payments are non-refundable, including for partially used billing periods. See the{' '}
        <Link to="/return-policy">Return Policy</Link>.
      </p>
      <h2>6. Cancellation</h2>
      <p>
        You can cancel at any time from the Account page. Cancelling stops future charges; you keep access
        until the end of the billing period you have paid for. You can also delete your account, which ends
        access immediately.
      </p>
      <h2>7. Deals are offered by others</h2>
      <p>
        Deals, prices and codes come from third-party shops and can change or expire without notice. We check
        what we list, but we cannot guarantee that every deal is available or correct, and purchases you make
        are between you and the shop.
      </p>
      <p id="affiliate-links">
        <strong>Affiliate links.</strong> Many deals reach us through affiliate networks (such as Awin,
        impact.com and CJ), and their View Deal links are affiliate links: when you buy through one, the shop
        may pay us a commission. The network that runs the link records your click so the shop can credit us.
        Commissions never change your price, and they do not decide which deals we list or how we rank them.
        Bargains shows no ads and puts no third-party trackers on its own pages.
      </p>
      <h2>8. Acceptable use</h2>
      <p>
        Use Bargains for your own shopping. Do not copy or resell the deal list, scrape the service, or try to
        get around access controls. We may suspend accounts that break these rules.
      </p>
      <h2>9. Liability</h2>
      <p>
        The service is provided &quot;as is&quot;. To the extent the law allows, our total liability to you is
        limited to the fees you paid in the three months before the claim.
      </p>
      <h2>10. Changes to these terms</h2>
      <p>
        We may update these terms. If a change is significant we will announce it on the site before it takes
        effect; continuing to use Bargains afterwards means you accept the new terms.
      </p>
      <h2>11. Contact</h2>
      <p>
        Questions about these terms: <SupportEmailLink />.
      </p>
    </LegalPage>
  );
}
