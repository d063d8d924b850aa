// The editor role (docs/editor.md): a Firebase Auth custom claim, granted and revoked by ops with `npm run editor`.
// Shared by the server's check (http/editor-auth.ts), the web app's /editor guard and the rules' isEditor().

/** The custom claim that makes a user an editor: exactly `editor: true` in the ID token. */
export const EDITOR_CLAIM = 'editor';

/** True when an ID token's claims make its user an editor. */
export function hasEditorClaim(claims: Readonly<Record<string, unknown>>): boolean {
  return claims[EDITOR_CLAIM] === true;
}

/** The label on the card of a deal an editor pinned (the deal's `editor_pick`, model/editor.ts). */
export const EDITORS_PICK_LABEL = "Editor's pick";
