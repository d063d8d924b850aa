// Grants or revokes the editor role (tools/editor/role.ts, docs/editor.md). Usage: npm run editor -- --help
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import {
  editorRoleOptionsSchema,
  editorRoleTarget,
  setEditorRole,
  type EditorRoleTarget,
} from '../tools/editor/role';
import { exitWithUsage, parseCommandLine, runMain } from './lib/cli';

const USAGE = `Grant or revoke the editor role (the Firebase Auth custom claim editor: true) of an account.

  npm run editor -- --grant  --email ed@example.com (--emulator | --project <firebase-project-id>)
  npm run editor -- --revoke --email ed@example.com (--emulator | --project <firebase-project-id>)

  --grant      make the account an editor; a signed-in editor gets the role on the next token refresh,
               which /editor forces when it opens (no sign-out needed)
  --revoke     remove the role and revoke the account's refresh tokens: editor functions refuse its current
               ID token at once, and the browser signs out on its next token refresh
  --email      the account's email address
  --emulator   the local Auth emulator (FIREBASE_AUTH_EMULATOR_HOST or 127.0.0.1:9099, project demo-bargains)
  --project    this Firebase project, with Application Default Credentials`;

function describeTarget(target: EditorRoleTarget): string {
  return target.kind === 'emulator'
    ? `the Auth emulator at ${target.host} (project ${target.projectId})`
    : `Firebase project ${target.projectId}`;
}

async function main(): Promise<number> {
  const { values } = parseCommandLine(USAGE, {
    options: {
      grant: { type: 'boolean' },
      revoke: { type: 'boolean' },
      email: { type: 'string' },
      emulator: { type: 'boolean' },
      project: { type: 'string' },
    },
  });
  const parsed = editorRoleOptionsSchema.safeParse(values);
  if (!parsed.success) {
    return exitWithUsage(
      USAGE,
      `Invalid arguments:\n${parsed.error.issues.map((issue) => `  ${issue.path.length > 0 ? `--${issue.path.join('.')} ` : ''}${issue.message}`).join('\n')}\n`,
    );
  }
  const options = parsed.data;
  const action = options.grant === true ? 'grant' : 'revoke';
  const target = editorRoleTarget(options, process.env);
  if (target.kind === 'emulator') {
    process.env['FIREBASE_AUTH_EMULATOR_HOST'] = target.host;
    // Nothing here runs on Google Cloud: without this the auth library probes the metadata server.
    process.env['METADATA_SERVER_DETECTION'] ??= 'none';
  }
  const app = initializeApp(
    target.kind === 'emulator'
      ? { projectId: target.projectId }
      : { projectId: target.projectId, credential: applicationDefault() },
    `editor-role-${Date.now()}`,
  );
  try {
    const { uid, wasEditor } = await setEditorRole(getAuth(app), options.email, action);
    const verb = action === 'grant' ? 'Granted' : 'Revoked';
    const before = wasEditor ? 'was an editor' : 'was not an editor';
    console.log(
      `${verb} the editor role of ${options.email} (${uid}, ${before}) in ${describeTarget(target)}.`,
    );
    if (action === 'revoke')
      console.log('Its refresh tokens are revoked: the browser session ends on its next refresh.');
    return 0;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') {
      console.error(`No account with the email ${options.email} in ${describeTarget(target)}.`);
      return 1;
    }
    throw error;
  } finally {
    await deleteApp(app);
  }
}

runMain('editor', main);
