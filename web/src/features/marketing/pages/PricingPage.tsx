import '../marketing.css';
import { ButtonLink } from '@/components/Button';
import { Page } from '@/components/layout/Page';
import { monthlyPriceLabel } from '@/config/product';
import { CheckIcon, SparkIcon } from '../components/Icons';

// The plan copy of docs/reference.md#routes, with the digest, interest matching (email) and location matching (Near
// you) moved from coming soon to included now that they exist; interests on the dashboard are still to come.
const INCLUDED = [
  'Curated deals, discounts and coupons',
  'Alerts for unusually cheap products',
  'Daily or weekly email digest',
  'Interest matching for your digest and alerts',
  'Location matching: store deals near you',
  '24/7 access',
];
const COMING_SOON = ['Interest matching on your dashboard'];

export default function PricingPage() {
  return (
    <Page title="Pricing" heading="Simple, honest pricing" lead="One plan with everything in it." centered>
      <article className="card plan-card" aria-labelledby="plan-title">
        <h2 id="plan-title" className="plan-card__name">
          Premium Access
        </h2>
        <p className="plan-card__price">
          <span className="plan-card__amount">{monthlyPriceLabel}</span>
          <span className="plan-card__period">/month</span>
        </p>
        <h3 className="plan-card__subheading">Included</h3>
        <ul className="check-list">
          {INCLUDED.map((item) => (
            <li key={item}>
              <CheckIcon />
              {item}
            </li>
          ))}
        </ul>
        <h3 className="plan-card__subheading">Coming soon</h3>
        <ul className="check-list check-list--soon">
          {COMING_SOON.map((item) => (
            <li key={item}>
              <SparkIcon />
              {item}
            </li>
          ))}
        </ul>
        <p className="plan-card__note">Cancel anytime. No hidden fees.</p>
        <ButtonLink to="/signup" size="large" block>
          Get Started
        </ButtonLink>
      </article>
    </Page>
  );
}
