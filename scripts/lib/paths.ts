import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const firebaseBin = join(repoRoot, 'node_modules', '.bin', 'firebase');
export const PROJECT_ID = 'demo-bargains';
