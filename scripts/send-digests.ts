// `npm run send-digests`: runs the emulated send_digests now, while `npm start` (or a test run) is up: the digests
// due at this hour in each subscriber's time zone and the alert batches of the hours that have ended. Prints the
// run's summary (email_runs) and where to read the mail (the local inbox of scripts/lib/mail-catcher.ts).
import type { RunSummary } from '../functions/src/alerts/run';
import { COLLECTIONS } from '@bargains/model/paths';
import { runScheduledFunction, runScheduledFunctionForItsRun } from './lib/scheduled-trigger';
import { runMain } from './lib/cli';

const INBOX_URL = `http://127.0.0.1:${process.env.MAIL_WEB_PORT ?? 1080}`;

/** Runs send_digests in the emulator and resolves once it finished. */
export const triggerSendDigests = (): Promise<void> => runScheduledFunction('send_digests');

const ROWS: Array<[keyof RunSummary, string]> = [
  ['subscribers', 'Active subscribers'],
  ['withPreferences', 'With email preferences'],
  ['newDeals', 'Deals scraped in the last 7 days'],
  ['alertBatches', 'Alert batches sent (hours of new deals)'],
  ['planned', 'Emails planned'],
  ['digestsSent', 'Digests sent'],
  ['alertsSent', 'Alert emails sent'],
  ['remindersSent', 'Saved-deal reminders sent'],
  ['remindersDropped', 'Reminders dropped (deal ended or unsaved)'],
  ['skipped', 'Skipped (already sent this period)'],
  ['empty', 'Due but nothing matched'],
  ['noAddress', 'No email address'],
  ['failed', 'Failed (retried by the next run)'],
  ['documentReads', 'Firestore documents read'],
];

export function renderRunSummary(summary: RunSummary): string {
  const width = Math.max(...ROWS.map(([, label]) => label.length));
  return ROWS.map(([key, label]) => `  ${label.padEnd(width)}  ${summary[key]}`).join('\n');
}

async function main(): Promise<void> {
  const run = await runScheduledFunctionForItsRun('send_digests', COLLECTIONS.emailRuns);
  console.log(`\nsend_digests (emulator)\n\n${renderRunSummary(run.data() as RunSummary)}\n`);
  console.log(`Read the mail at ${INBOX_URL}\n`);
}

if (process.argv[1]?.endsWith('send-digests.ts')) {
  runMain('send-digests', main);
}
