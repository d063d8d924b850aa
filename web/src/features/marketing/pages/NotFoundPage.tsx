import '../marketing.css';
import { ButtonLink } from '@/components/Button';
import { Page } from '@/components/layout/Page';

export default function NotFoundPage() {
  return (
    <Page
      title="Page Not Found"
      width="narrow"
      centered
      eyebrow={
        <p className="status-code" aria-hidden="true">
          404
        </p>
      }
      lead="The page you are looking for does not exist or has moved."
    >
      <div className="button-row button-row--center">
        <ButtonLink to="/">Go to Home</ButtonLink>
      </div>
    </Page>
  );
}
