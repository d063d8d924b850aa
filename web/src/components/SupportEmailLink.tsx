import { env } from '@/config/env';

/** The support address as a mailto link. */
export function SupportEmailLink({ className }: { className?: string }) {
  return (
    <a className={className} href={`mailto:${env.supportEmail}`}>
      {env.supportEmail}
    </a>
  );
}
