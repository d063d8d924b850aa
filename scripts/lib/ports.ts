import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from './paths';

export const STRIPE_STANDIN_PORT = Number(process.env.STRIPE_STANDIN_PORT ?? 12111);
/** The local deal feed (tools/deal-feed); functions/.env.demo-bargains points collect_deals at it. */
export const DEAL_FEED_PORT = Number(process.env.DEAL_FEED_PORT ?? 12112);
/** The local mail catcher (scripts/lib/mail-catcher.ts): SMTP_URL in functions/.secret.local points at its SMTP port. */
export const MAIL_SMTP_PORT = Number(process.env.MAIL_SMTP_PORT ?? 1025);
export const MAIL_WEB_PORT = Number(process.env.MAIL_WEB_PORT ?? 1080);

type EmulatorName = 'auth' | 'firestore' | 'functions' | 'hosting' | 'hub' | 'logging';
interface EmulatorsBlock extends Record<EmulatorName, { port: number }> {
  firestore: { port: number; websocketPort: number };
}

/** Every port the local stack binds, with what binds it (read from firebase.json so there is one source). */
export function stackPorts(): Array<{ port: number; what: string }> {
  const { emulators } = JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')) as {
    emulators: EmulatorsBlock;
  };
  return [
    { port: emulators.auth.port, what: 'Auth emulator' },
    { port: emulators.firestore.port, what: 'Firestore emulator' },
    { port: emulators.firestore.websocketPort, what: 'Firestore emulator websocket' },
    { port: emulators.functions.port, what: 'Functions emulator' },
    { port: emulators.hosting.port, what: 'Hosting emulator' },
    { port: emulators.hub.port, what: 'Emulator hub' },
    { port: emulators.logging.port, what: 'Emulator logging' },
    { port: STRIPE_STANDIN_PORT, what: 'Stripe stand-in' },
    { port: DEAL_FEED_PORT, what: 'Deal feed' },
    { port: MAIL_SMTP_PORT, what: 'Mail catcher SMTP' },
    { port: MAIL_WEB_PORT, what: 'Mail catcher web inbox' },
  ];
}

export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Returns a message naming each busy port and what to do, or null when all are free. */
export async function busyPortsMessage(): Promise<string | null> {
  const busy = [];
  for (const entry of stackPorts()) {
    if (!(await isPortFree(entry.port))) busy.push(entry);
  }
  if (busy.length === 0) return null;
  const lines = busy.map(({ port, what }) => `  - port ${port} (${what}) is already in use`);
  return [
    'Cannot start the local stack:',
    ...lines,
    'Stop whatever holds it (another `npm start` or test run? see `lsof -i :PORT`), or change the port in',
    'firebase.json (emulators) / STRIPE_STANDIN_PORT (Stripe stand-in), then try again.',
  ].join('\n');
}
