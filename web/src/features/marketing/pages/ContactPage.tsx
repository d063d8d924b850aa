import '../marketing.css';
import { Link } from 'react-router-dom';
import { Page } from '@/components/layout/Page';
import { SupportEmailLink } from '@/components/SupportEmailLink';

export default function ContactPage() {
  return (
    <Page
      title="Contact Support"
      width="prose"
      lead="Questions about your subscription, a payment or a deal? We are happy to help."
    >
      <div className="card contact-card">
        <h2>Email us</h2>
        <p>
          <SupportEmailLink className="contact-card__email" />
        </p>
        <p className="muted">
          Please write from the email address of your Bargains account, or mention it, so we can find your
          subscription quickly. For a payment question, include the date of the charge.
        </p>
      </div>
      <div className="prose">
        <h2>Before you write</h2>
        <ul>
          <li>
            You can cancel your subscription yourself at any time from the Account page; access continues to
            the end of the period you paid for.
          </li>
          <li>
            Payments are non-refundable. See our <Link to="/return-policy">Return Policy</Link>.
          </li>
        </ul>
      </div>
    </Page>
  );
}
