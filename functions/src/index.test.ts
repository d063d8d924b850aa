// One list of HTTPS functions (model/contracts/http-functions.ts): index.ts must export exactly those, and firebase.json
// must rewrite exactly their paths to them. The web API client and the Vite dev proxy derive theirs from it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as exported from './index';
import { BROWSER_API_FUNCTIONS, HTTPS_FUNCTION_PATHS } from '@bargains/model/contracts/http-functions';

interface Rewrite {
  source?: string;
  regex?: string;
  function?: string | { functionId: string };
}

const firebaseJson = JSON.parse(readFileSync(join(__dirname, '..', '..', 'firebase.json'), 'utf8')) as {
  hosting: { rewrites: Rewrite[] };
};

function isHttpsFunction(value: unknown): boolean {
  if (typeof value !== 'function' && (typeof value !== 'object' || value === null)) return false;
  const endpoint = (value as { __endpoint?: unknown }).__endpoint;
  return typeof endpoint === 'object' && endpoint !== null && 'httpsTrigger' in endpoint;
}

const byName = (a: string, b: string) => a.localeCompare(b);

describe('the HTTPS functions list (model/contracts/http-functions.ts)', () => {
  it('names exactly the HTTPS functions index.ts exports', () => {
    const https = Object.entries(exported)
      .filter(([, value]) => isHttpsFunction(value))
      .map(([name]) => name);
    expect(https.sort(byName)).toEqual(Object.keys(HTTPS_FUNCTION_PATHS).sort(byName));
  });

  it('gives exactly the paths firebase.json rewrites to each function', () => {
    const rewritten = firebaseJson.hosting.rewrites.flatMap((rewrite) => {
      if (rewrite.function === undefined) return [];
      const functionId =
        typeof rewrite.function === 'string' ? rewrite.function : rewrite.function.functionId;
      return [`${rewrite.source ?? `regex ${rewrite.regex ?? '?'}`} → ${functionId}`];
    });
    const listed = Object.entries(HTTPS_FUNCTION_PATHS).flatMap(([name, paths]) =>
      paths.map((path) => `${path} → ${name}`),
    );
    expect(rewritten.sort(byName)).toEqual(listed.sort(byName));
  });

  it('reaches each browser API function at /{name}, the path the web app calls', () => {
    for (const name of BROWSER_API_FUNCTIONS) {
      expect([name, HTTPS_FUNCTION_PATHS[name]]).toEqual([name, expect.arrayContaining([`/${name}`])]);
    }
  });
});
