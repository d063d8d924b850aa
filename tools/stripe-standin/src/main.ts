// CLI: `node --import tsx tools/stripe-standin/src/main.ts` (configuration from the environment, see README.md).
import { resolveConfig } from './config';
import { startStripeStandin } from './server';
import { errorCode } from './state-store';

const timestamp = (): string => new Date().toISOString().slice(11, 19);
const log = (line: string): void => console.log(`[stripe-standin ${timestamp()}] ${line}`);

async function main(): Promise<void> {
  const config = resolveConfig({ log });
  let standin;
  try {
    standin = await startStripeStandin(config);
  } catch (error) {
    if (errorCode(error) === 'EADDRINUSE') {
      console.error(
        `Stripe stand-in: port ${config.port} on ${config.host} is already in use (another stand-in may be running). ` +
          'Stop that process, or set STRIPE_STANDIN_PORT to a free port.',
      );
      process.exit(1);
    }
    throw error;
  }
  const running = standin;
  console.log(
    `Stripe stand-in listening on ${running.url} (webhooks → ${config.webhookUrl || 'disabled'}, state → ${config.stateFile})`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, closing`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Stripe stand-in: error while closing: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`Stripe stand-in failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
