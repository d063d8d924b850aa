// Types for chromium.mjs (plain JavaScript so `npm start` runs without a TypeScript loader).
export function ensureChromium(): string;
