// The firebase.json the emulators run with: the committed one, with Hosting serving the emulator build
// (web/dist-emulator: web/dist is reserved for the production build that deploys) and the Content-Security-Policy
// also allowing the emulators the emulator build talks to. Written next to firebase.json (git-ignored), because
// firebase-tools takes its config file's folder as the project folder.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

export const EMULATOR_CONFIG_FILE = join(repoRoot, 'firebase.emulators.json');
export const EMULATOR_WEB_DIR = 'web/dist-emulator';
const CSP = 'content-security-policy';

interface HostPort {
  host: string;
  port: number;
}

/** The parts of firebase.json this file reads or changes (the rest is copied as it is). */
interface FirebaseJson {
  emulators: { auth: HostPort; firestore: HostPort };
  hosting: {
    public: string;
    predeploy?: string[];
    headers: Array<{ headers: Array<{ key: string; value: string }> }>;
  };
  firestore: { predeploy?: string[] };
  functions: Array<{ predeploy?: string[] }>;
}

/** Appends `origins` to the CSP `directive` when the policy has it. */
function allowInCsp(policy: string, directive: string, origins: string[]): string {
  return policy.replace(new RegExp(`(^|;\\s*)(${directive}\\b[^;]*)`), (_, before: string, sources: string) =>
    [before + sources, ...origins].join(' '),
  );
}

function readFirebaseJson(): FirebaseJson {
  return JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')) as FirebaseJson;
}

/** The origins of the Auth and Firestore emulators (from firebase.json's emulators block). */
function emulatorOrigins(config: FirebaseJson): { auth: string; firestore: string } {
  const { auth, firestore } = config.emulators;
  return {
    auth: `http://${auth.host}:${auth.port}`,
    firestore: `http://${firestore.host}:${firestore.port}`,
  };
}

/** `config` (firebase.json) for the emulators: `publicDir` served, emulator origins allowed, no predeploy hooks. */
function emulatorFirebaseConfig(config: FirebaseJson, publicDir: string): FirebaseJson {
  const copy = structuredClone(config);
  copy.hosting.public = publicDir;
  delete copy.hosting.predeploy;
  delete copy.firestore.predeploy;
  for (const codebase of copy.functions) delete codebase.predeploy;
  const origins = emulatorOrigins(config);
  for (const rule of copy.hosting.headers) {
    for (const header of rule.headers) {
      if (header.key.toLowerCase() !== CSP) continue;
      // The emulator build calls both emulators over HTTP; Google sign-in opens the Auth emulator's helper frame.
      header.value = allowInCsp(
        allowInCsp(header.value, 'connect-src', [origins.auth, origins.firestore]),
        'frame-src',
        [origins.auth],
      );
    }
  }
  return copy;
}

/** Writes the emulators' config (atomically: concurrent runs in this worktree write the same content). */
export function writeEmulatorConfig({
  file = EMULATOR_CONFIG_FILE,
  publicDir = EMULATOR_WEB_DIR,
} = {}): string {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(
    temporary,
    `${JSON.stringify(emulatorFirebaseConfig(readFirebaseJson(), publicDir), null, 2)}\n`,
  );
  renameSync(temporary, file);
  return file;
}
