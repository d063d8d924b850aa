// Offline Firestore emulator: firebase-tools cannot download its own jar here, so when the gcloud
// Firestore emulator is installed we generate a tiny launcher jar (the gcloud jar has no Main-Class)
// and point firebase-tools at it through FIRESTORE_EMULATOR_BINARY_PATH.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './paths';

const GCLOUD_JAR_CANDIDATES = [
  process.env.GCLOUD_FIRESTORE_EMULATOR_JAR,
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar',
  '/usr/share/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar',
].filter((candidate): candidate is string => Boolean(candidate));

const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';

/** Returns env additions for firebase-tools; empty when firebase-tools should use its own download. */
export function firestoreEmulatorEnv(): { FIRESTORE_EMULATOR_BINARY_PATH?: string } {
  if (process.env.FIRESTORE_EMULATOR_BINARY_PATH) return {};
  const gcloudJar = GCLOUD_JAR_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!gcloudJar) return {};
  const dir = join(repoRoot, '.cache', 'firestore-launcher');
  const launcher = join(dir, 'launcher.jar');
  if (!existsSync(launcher)) {
    mkdirSync(dir, { recursive: true });
    const manifest = join(dir, 'MANIFEST.MF');
    writeFileSync(manifest, `Main-Class: ${MAIN_CLASS}\nClass-Path: ${pathToFileURL(gcloudJar).href}\n`);
    execFileSync('jar', ['cfm', launcher, manifest], { cwd: dir, stdio: 'inherit' });
  }
  return { FIRESTORE_EMULATOR_BINARY_PATH: launcher };
}
