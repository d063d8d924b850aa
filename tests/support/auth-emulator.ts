// The Auth emulator's REST API, for account state the Admin SDK cannot set (shared by the integration and e2e suites).
const AUTH_EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/**
 * Makes the user's last sign-in `minutesAgo` old, as if the session had stayed open that long: the next token
 * refresh carries that `auth_time` (the emulator takes it from lastLoginAt). validSince moves back too, else the
 * Admin SDK would treat the tokens as revoked (it refuses an auth_time before validSince).
 */
export async function ageLastSignIn(projectId: string, uid: string, minutesAgo: number): Promise<void> {
  const signedInAt = Date.now() - minutesAgo * 60_000;
  const response = await fetch(
    `http://${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: 'POST',
      // The Auth emulator's stand-in for admin credentials.
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({
        localId: uid,
        lastLoginAt: String(signedInAt),
        validSince: String(Math.floor(signedInAt / 1000) - 60),
      }),
    },
  );
  if (!response.ok) throw new Error(`Auth emulator accounts:update failed: ${await response.text()}`);
}
