import { env } from '@/config/env';

export function SupportEmailLink() {
  return <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>;
}
