// Whether the signed-in user is an editor, from the custom claim in their ID token (@bargains/model/editor-role). The token
// is refreshed first: a role granted while the editor is signed in reaches the browser without a sign-out.
import type { User } from 'firebase/auth';
import { hasEditorClaim } from '@bargains/model/editor-role';

/** Reads the editor claim from a freshly minted ID token (one call to the token service). */
export async function readEditorClaim(user: Pick<User, 'getIdTokenResult'>): Promise<boolean> {
  const { claims } = await user.getIdTokenResult(true);
  return hasEditorClaim(claims);
}
