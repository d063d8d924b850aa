// Types for functions-node.mjs (plain JavaScript so `npm start` runs without a TypeScript loader).
export const FUNCTIONS_NODE_VERSION: string;
export function functionsNodeMajor(): number;
export function functionsNodeBinary(): string;
export const firebaseCli: string;
