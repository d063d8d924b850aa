// Types for paths.mjs (plain JavaScript so `npm start` runs without a TypeScript loader).
export const repoRoot: string;
export const firebaseBin: string;
export const PROJECT_ID: string;
