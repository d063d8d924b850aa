import { dirname, join } from 'node:path';

// From __filename: tsx gives a wrong __dirname to a CommonJS .ts file that an ES module imports (the bench's .mjs).
export const repoRoot = join(dirname(__filename), '..', '..');
export const firebaseBin = join(repoRoot, 'node_modules', '.bin', 'firebase');
export const PROJECT_ID = 'demo-bargains';
