import { ButtonLink } from '@/components/Button';
import { Page } from '@/components/layout/Page';

export default function CancelPage() {
  return (
    <Page title="Payment Cancelled" width="narrow" centered>
      <div className="card status-card">
        <p>Your payment was cancelled and you have not been charged.</p>
        <p className="muted">
          You can try again whenever you are ready, or contact us if something went wrong.
        </p>
        <div className="button-row">
          <ButtonLink to="/dashboard">Try Again</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            Contact Support
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}
