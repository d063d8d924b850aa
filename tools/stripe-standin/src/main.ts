// CLI: `node --import tsx tools/stripe-standin/src/main.ts` (configuration from the environment, see README.md).
import { resolveConfig } from './config';
import { startStripeStandin } from './server';

const log = (line: string): void =>
  console.log(`[stripe-standin ${new Date().toISOString().slice(11, 19)}] ${line}`);
const config = resolveConfig({ log });

startStripeStandin(config).then(
  (standin) => {
    console.log(
      `Stripe stand-in listening on ${standin.url} (webhooks → ${config.webhookUrl || 'disabled'})`,
    );
    const stop = (signal: NodeJS.Signals): void => {
      log(`${signal} received, closing`);
      void standin.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
  (error: unknown) => {
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    console.error(
      inUse
        ? `Stripe stand-in: port ${config.port} on ${config.host} is already in use (another stand-in may be running). Stop that process, or set STRIPE_STANDIN_PORT to a free port.`
        : `Stripe stand-in failed to start: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
