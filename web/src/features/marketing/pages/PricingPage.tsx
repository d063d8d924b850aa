import '../marketing.css';
import { ButtonLink } from '@/components/Button';
import { Page } from '@/components/layout/Page';
import { monthlyPriceLabel } from '@/config/product';
import { CheckIcon, SparkIcon } from '../components/Icons';

// The plan copy of docs/reference.md#routes, with the digest, interest matching (email and dashboard) and location
// matching (Near you) moved from coming soon to included now that they exist; the "Coming soon" list is shown
// only while something announced is still to come.
const INCLUDED = [
  'Curated deals, discounts and coupons',
  'Alerts for unusually cheap products',
  'Daily or weekly email digest',
  'Interest matching for your digest and alerts',
  'Interest matching on your dashboard',
  'Location matching: store deals near you',
  '24/7 access',
];
const COMING_SOON: readonly string[] = [];

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
        {COMING_SOON.length > 0 ? (
          <>
            <h3 className="plan-card__subheading">Coming soon</h3>
            <ul className="check-list check-list--soon">
              {COMING_SOON.map((item) => (
                <li key={item}>
                  <SparkIcon />
                  {item}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="plan-card__note">Cancel anytime. No hidden fees.</p>
        <ButtonLink to="/signup" size="large" block>
          Get Started
        </ButtonLink>
      </article>
    </Page>
  );
}
