import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Page } from '@/components/layout/Page';
import { POST_PAYMENT_REDIRECT_MS } from '@/config/product';
import { CHECKOUT_RETURN_STATE } from '@/features/billing/lib/checkout-return';

const REDIRECT_SECONDS = POST_PAYMENT_REDIRECT_MS / 1000;

export default function SuccessPage() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(
      () => navigate('/dashboard', { replace: true, state: CHECKOUT_RETURN_STATE }),
      POST_PAYMENT_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <Page title="Payment Successful!" width="narrow" centered>
      <div className="card status-card status-card--success">
        <p>Thank you for subscribing to Bargains. Your deals are ready.</p>
        <p className="muted" role="status">
          Taking you to your dashboard in {REDIRECT_SECONDS} seconds…
        </p>
        <Link to="/dashboard" replace state={CHECKOUT_RETURN_STATE}>
          Go to your dashboard now
        </Link>
      </div>
    </Page>
  );
}
