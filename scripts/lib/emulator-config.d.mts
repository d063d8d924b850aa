// Types for emulator-config.mjs, as far as TypeScript callers use it.
export function writeEmulatorConfig(options?: { file?: string; publicDir?: string }): void;
