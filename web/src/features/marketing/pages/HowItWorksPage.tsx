import '../marketing.css';
import { ButtonLink } from '@/components/Button';
import { Page } from '@/components/layout/Page';

const STEPS = [
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
    text: 'On your account page, choose a daily or weekly email digest and alerts for unusually cheap products, matched to the categories and stores you pick. Coming soon: matching by location, and your interests first on the dashboard.',
  },
] as const;

export default function HowItWorksPage() {
  return (
    <Page title="How It Works" lead="From sign-up to savings in four steps." width="prose">
      <ol className="steps steps--vertical">
        {STEPS.map((step, index) => (
          <li key={step.title} className="steps__item">
            <span className="steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <h2>{step.title}</h2>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="page-cta">
        <ButtonLink to="/signup" size="large">
          Get Started
        </ButtonLink>
      </div>
    </Page>
  );
}
