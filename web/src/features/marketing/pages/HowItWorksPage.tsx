import '../marketing.css';
import { ButtonLink } from '@/components/Button';
import { Page } from '@/components/layout/Page';
import { StepList, type Step as NumberedStep } from '../components/StepList';

interface Step extends NumberedStep {
  /** What of the step exists today and what is still coming, each badged. */
  available?: readonly string[];
  soon?: readonly string[];
}

const STEPS: readonly Step[] = [
  {
    title: 'Sign Up & Subscribe',
    text: 'Create an account with your email or Google, then subscribe for $2 a month through our secure card checkout.',
  },
  {
    title: 'Browse Deals',
    text: 'Your dashboard lists current coupons and discounts. Show only verified deals, or sort by the biggest savings or the newest finds.',
  },
  {
    title: 'Save Money',
    text: 'Each deal shows the saving, the dates it runs and the code to use. Open the deal in a new tab and check out with the discount.',
  },
  {
    title: 'Personalized Experience',
    text: 'Tell us what you shop for, and Bargains comes to you by email. Choose it right after subscribing, or any time in Account Settings.',
    available: [
      'A daily or weekly email digest, on the day and hour you pick',
      'Alerts for unusually cheap products, at most one email an hour',
      'Interest matching: only the categories and stores you choose',
      'Your interests first on the dashboard',
      'Location matching: store deals near you first, in Near you',
    ],
  },
];

export default function HowItWorksPage() {
  return (
    <Page title="How It Works" lead="From sign-up to savings in four steps." width="prose">
      <StepList
        steps={STEPS}
        Heading="h2"
        vertical
        extra={(step) =>
          step.available || step.soon ? (
            <ul className="status-list">
              {step.available?.map((item) => (
                <li key={item}>
                  <span className="badge badge--savings">Available now</span> {item}
                </li>
              ))}
              {step.soon?.map((item) => (
                <li key={item}>
                  <span className="badge badge--soon">Coming soon</span> {item}
                </li>
              ))}
            </ul>
          ) : null
        }
      />
      <div className="page-cta">
        <ButtonLink to="/signup" size="large">
          Get Started
        </ButtonLink>
      </div>
    </Page>
  );
}
