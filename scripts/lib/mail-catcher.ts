// The local mail catcher: maildev (npm) catches every email the Functions emulator sends (SMTP_URL in
// functions/.secret.local points at its SMTP port) and shows it in a web inbox with a REST API
// (GET /email, DELETE /email/all), which the end-to-end tests read. Used by `npm start` and the test harness.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths';
import { MAIL_SMTP_PORT, MAIL_WEB_PORT } from './ports';
import { spawnChild, type ChildRecord } from './processes';
import { waitForServer } from './readiness';

export const MAIL_INBOX_URL = `http://127.0.0.1:${MAIL_WEB_PORT}`;

const maildevBin = join(
  createRequire(join(repoRoot, 'package.json')).resolve('maildev/package.json'),
  '..',
  'bin/maildev',
);

/**
 * Starts maildev on 127.0.0.1 only (SMTP and web), keeping its mail in a fresh temporary folder that is removed
 * when it stops; resolves once the inbox answers. Stopped with the other children (Ctrl-C, stopAll).
 */
export async function startMailCatcher(): Promise<ChildRecord> {
  const mailDirectory = mkdtempSync(join(tmpdir(), 'bargains-mail-'));
  const record = spawnChild(
    'mail catcher',
    process.execPath,
    [
      maildevBin,
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
      '--smtp',
      String(MAIL_SMTP_PORT),
      '--web',
      String(MAIL_WEB_PORT),
      '--mail-directory',
      mailDirectory,
      '--silent',
    ],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  void record.exit.then(() => rmSync(mailDirectory, { recursive: true, force: true }));
  await waitForServer(record.child, 'Mail catcher (maildev)', `${MAIL_INBOX_URL}/healthz`, {
    ownGroup: true,
  });
  return record;
}
