// Types for firestore-emulator.mjs (plain JavaScript so `npm start` runs without a TypeScript loader).
export function firestoreEmulatorEnv(): { FIRESTORE_EMULATOR_BINARY_PATH?: string };
