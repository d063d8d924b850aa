import '@/features/marketing/marketing.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/components/Alert';
import { buttonClassName, ButtonLink } from '@/components/Button';
import { useDocumentTitle } from '@/components/layout/Page';
import { CredentialsForm } from '@/features/auth/components/CredentialsForm';
import { useAuthFlow } from '@/features/auth/hooks/useAuthFlow';
import { AVAILABLE_FEATURES, COMING_SOON_FEATURES, NEAR_YOU_FEATURES } from '@/config/product';
import { useAuthState } from '@/lib/auth-state';
import { ComingSoonList } from '@/features/marketing/components/ComingSoonList';
import { HeroPreview } from '@/features/marketing/components/HeroPreview';
import { StepList } from '@/features/marketing/components/StepList';
import { ClockIcon, PiggyIcon, TagIcon } from '@/features/marketing/components/Icons';

const FEATURES = [
  {
    title: 'Curated Deals',
    text: 'Coupons, discounts and deals gathered from trusted sources and checked, so you only see offers worth your time.',
    Icon: TagIcon,
  },
  {
    title: '24/7 Access',
    text: 'Your list is there whenever you shop: morning, midnight or mid-checkout, on any device.',
    Icon: ClockIcon,
  },
  {
    title: 'Save Big',
    text: 'Every card shows what you save and, when there is one, the code to use. No guesswork, no clutter.',
    Icon: PiggyIcon,
  },
] as const;

const STEPS = [
  { title: 'Sign Up', text: 'Create your account in seconds and subscribe for $2 a month.' },
  { title: 'Browse Deals', text: 'Filter to verified deals and sort by savings or by what is newest.' },
  { title: 'Save Money', text: 'Copy the code, open the deal and keep the difference.' },
] as const;

export default function LandingPage() {
  useDocumentTitle('Bargains');
  const { view } = useAuthState();

  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">Coupons · Discounts · Deals</p>
            <h1 id="hero-title" className="hero__title">
              Take the power of the algorithm <span className="hero__highlight">back into your hands</span>
            </h1>
            <p className="hero__lead">
              Bargains collects the best coupons, discounts and deals into one curated list. No feed deciding
              what you see: just the savings, sorted the way you want.
            </p>
            <div className="hero__actions">
              {view === 'signed-in' ? (
                <ButtonLink to="/dashboard" size="large">
                  Go to Dashboard
                </ButtonLink>
              ) : view === 'signed-out' ? (
                <a href="#signup" className={buttonClassName({ size: 'large' })}>
                  Get Started Now - Only $2/month!
                </a>
              ) : (
                // Before the first auth check (the build-time snapshot) the call to action is not known yet:
                // keep its place so nothing moves when it appears.
                <span
                  className={`${buttonClassName({ size: 'large' })} hero__cta-placeholder`}
                  aria-hidden="true"
                >
                  Get Started Now - Only $2/month!
                </span>
              )}
              <Link to="/how-it-works" className="text-link">
                See how it works
              </Link>
            </div>
          </div>
          <HeroPreview />
        </div>
      </section>

      <LandingSection id="features" title="Why shoppers use Bargains">
        <ul className="card-grid">
          {FEATURES.map(({ title, text, Icon }) => (
            <li key={title} className="card feature-card">
              <span className="feature-card__icon">
                <Icon />
              </span>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="how" title="How It Works" tinted>
        <StepList steps={STEPS} Heading="h3" />
      </LandingSection>

      <LandingSection
        id="email"
        title="New: Bargains by Email"
        lead="Included in your subscription. Switch them on in Account Settings."
      >
        <ComingSoonList features={AVAILABLE_FEATURES} available />
      </LandingSection>

      <LandingSection
        id="near-you"
        title="New: Deals Near You"
        lead="Included in your subscription. Set your city in Near you."
      >
        <ComingSoonList features={NEAR_YOU_FEATURES} available />
      </LandingSection>

      {COMING_SOON_FEATURES.length > 0 ? (
        <LandingSection
          id="soon"
          title="Coming Soon"
          lead="We are building Bargains around you. Next on the list:"
        >
          <ComingSoonList />
        </LandingSection>
      ) : (
        <LandingSection
          id="soon"
          title="Coming Soon"
          lead="Everything we announced is available now, and included in your subscription: the digest, alerts, interest matching, For you and Near you."
        />
      )}

      {view === 'signed-out' ? <LandingSignup /> : null}
    </div>
  );
}

/** One titled band of the landing page (its heading labels it: `<id>-title`). */
function LandingSection({
  id,
  title,
  lead,
  tinted = false,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  tinted?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className={tinted ? 'section section--tinted' : 'section'} aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="section__title">
          {title}
        </h2>
        {lead ? <p className="section__lead">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}

function LandingSignup() {
  const { error, signUp } = useAuthFlow({ appendErrorText: true });
  return (
    <section id="signup" className="section section--signup" aria-labelledby="signup-title" tabIndex={-1}>
      <div className="container signup-panel">
        <div className="signup-panel__copy">
          <h2 id="signup-title" className="section__title">
            Start saving today
          </h2>
          <p>
            One plan, $2 a month, every deal included. Cancel anytime and keep access until the end of the
            month you paid for.
          </p>
        </div>
        <div className="card signup-panel__form">
          {error ? <Alert>{error}</Alert> : null}
          <CredentialsForm
            mode="sign-up"
            submitLabel="Sign Up"
            busyLabel="Creating your account…"
            onSubmit={signUp}
          />
          <p className="muted small">
            Already have an account? <Link to="/login">Log in</Link>
          </p>
        </div>
      </div>
    </section>
  );
}
