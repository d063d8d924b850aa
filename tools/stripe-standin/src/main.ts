// CLI: `node --import tsx tools/stripe-standin/src/main.ts` (configuration from the environment, see README.md).
import { resolveConfig } from './config';
import { startStripeStandin } from './server';

const log = (line: string): void =>
  console.log(`[stripe-standin ${new Date().toISOString().slice(11, 19)}] ${line}`);

async function main(): Promise<void> {
  const config = resolveConfig({ log });
  const standin = await startStripeStandin(config).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.error(
      `Stripe stand-in: port ${config.port} on ${config.host} is already in use (another stand-in may be running). ` +
        'Stop that process, or set STRIPE_STANDIN_PORT to a free port.',
    );
    process.exit(1);
  });
  console.log(`Stripe stand-in listening on ${standin.url} (webhooks → ${config.webhookUrl || 'disabled'})`);
  const stop = (signal: NodeJS.Signals): void => {
    log(`${signal} received, closing`);
    standin.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Stripe stand-in: error while closing: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`Stripe stand-in failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
