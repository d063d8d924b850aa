// The editor role as ops grants and revokes it (`npm run editor`, docs/editor.md): the Firebase Auth custom claim
// `editor: true`, merged into the user's other claims. Revoking removes the claim and revokes the user's refresh
// tokens, so no new ID token carries the claim and every editor function (which verifies with the revocation
// check) refuses the old ones at once; the signed-in browser is signed out on its next token refresh.
import type { Auth } from 'firebase-admin/auth';
import { z } from 'zod';
import { EDITOR_CLAIM } from '@bargains/model/editor-role';

export const DEFAULT_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
export const DEFAULT_EMULATOR_PROJECT = 'demo-bargains';

export const editorRoleOptionsSchema = z
  .object({
    grant: z.boolean().optional(),
    revoke: z.boolean().optional(),
    email: z.email('must be an email address'),
    emulator: z.boolean().optional(),
    project: z
      .string()
      .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, 'must be a Firebase project id')
      .optional(),
  })
  .strict()
  .refine((options) => (options.grant === true) !== (options.revoke === true), {
    message: 'pass exactly one of --grant and --revoke',
  })
  .refine((options) => options.emulator === true || options.project !== undefined, {
    message: 'pass --emulator or --project <id>',
  });

export type EditorRoleOptions = z.infer<typeof editorRoleOptionsSchema>;
export type EditorRoleAction = 'grant' | 'revoke';

export type EditorRoleTarget =
  { kind: 'emulator'; host: string; projectId: string } | { kind: 'project'; projectId: string };

/** The Auth emulator whenever asked for or FIREBASE_AUTH_EMULATOR_HOST is set (the Admin SDK honours it). */
export function editorRoleTarget(
  options: Pick<EditorRoleOptions, 'emulator' | 'project'>,
  env: Record<string, string | undefined>,
): EditorRoleTarget {
  const emulatorHost = env['FIREBASE_AUTH_EMULATOR_HOST'];
  if (emulatorHost || options.emulator === true) {
    return {
      kind: 'emulator',
      host: emulatorHost || DEFAULT_AUTH_EMULATOR_HOST,
      projectId: options.project ?? DEFAULT_EMULATOR_PROJECT,
    };
  }
  return { kind: 'project', projectId: options.project ?? '' };
}

/** The user's custom claims with the editor claim set or removed; every other claim is kept. */
export function claimsWithEditor(
  claims: Readonly<Record<string, unknown>> | undefined,
  action: EditorRoleAction,
): Record<string, unknown> {
  const { [EDITOR_CLAIM]: _previous, ...others } = claims ?? {};
  return action === 'grant' ? { ...others, [EDITOR_CLAIM]: true } : others;
}

export interface EditorRoleResult {
  uid: string;
  /** Whether the user was an editor before this command. */
  wasEditor: boolean;
}

/**
 * Grants or revokes the role of the user with `email`. Running it twice changes nothing more (a second revoke
 * still revokes refresh tokens: harmless). Throws the Admin SDK's auth/user-not-found for an unknown email.
 */
export async function setEditorRole(
  auth: Auth,
  email: string,
  action: EditorRoleAction,
): Promise<EditorRoleResult> {
  const user = await auth.getUserByEmail(email);
  const wasEditor = user.customClaims?.[EDITOR_CLAIM] === true;
  await auth.setCustomUserClaims(user.uid, claimsWithEditor(user.customClaims, action));
  if (action === 'revoke') await auth.revokeRefreshTokens(user.uid);
  return { uid: user.uid, wasEditor };
}
