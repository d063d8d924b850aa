import '../marketing.css';
import { Link } from 'react-router-dom';
import { LegalPage } from '../components/LegalPage';
import { SupportEmailLink } from '@/components/SupportEmailLink';

export default function ReturnPolicyPage() {
  return (
    <LegalPage
      title="Return Policy"
      summary={
        <p>
          <strong>In short:</strong> subscription payments are not refunded. You can cancel at any time, and
          you keep access until the end of the billing period you have already paid for.
        </p>
      }
    >
      <h2>1. No refunds</h2>
      <p>
        Bargains is a digital subscription that costs $2 per month. Because access to the deal list starts as
        soon as a payment goes through, all payments are final and non-refundable, including payments for
        partially used billing periods.
      </p>
      <h2>2. Cancelling your subscription</h2>
      <p>
        You can cancel at any time from the Account page. Cancelling stops future charges: no further payment
        will be taken after the current billing period ends.
      </p>
      <h2>3. Access after cancelling</h2>
      <p>
        After you cancel, your subscription stays active until the end of the billing period you have paid
        for. On that date your access to the deal list ends. You can subscribe again whenever you like.
      </p>
      <h2>4. Deals from shops</h2>
      <p>
        Bargains lists offers made by other shops; purchases you make there are between you and the shop.
        Returns and refunds for those products follow the shop&apos;s own policy.
      </p>
      <h2>5. Questions</h2>
      <p>
        If you believe you were charged in error, write to <SupportEmailLink /> or visit our{' '}
        <Link to="/contact">contact page</Link> and we will look into it.
      </p>
    </LegalPage>
  );
}
