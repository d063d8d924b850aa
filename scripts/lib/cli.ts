// Every script's command line goes through node:util parseArgs, with one behaviour around it: `--help` prints the
// usage, and a command line it cannot use prints the problem and the usage and exits with code 2.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Prints `problem` and the usage on stderr and ends the process with the usage-error code. */
export function exitWithUsage(usage: string, problem: string): never {
  console.error(`${problem}\n${usage}`);
  process.exit(2);
}

/**
 * Parses the command line (`argv`, by default this process's) with `config`. `--help` anywhere before a `--`
 * prints `usage` and exits 0; unknown options, missing values and (without `allowPositionals`) stray arguments
 * exit through `exitWithUsage`.
 */
export function parseCommandLine<T extends ParseArgsConfig>(
  usage: string,
  config: T,
  argv: string[] = process.argv.slice(2),
): ReturnType<typeof parseArgs<T>> {
  const own = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
  if (own.includes('--help') || own.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ ...config, args: argv } as T);
  } catch (error) {
    return exitWithUsage(usage, (error as Error).message);
  }
}

/**
 * Runs a script's `main` and ends the process with the exit code it resolves to (0 when it resolves to none), or
 * with 1 after printing `<name> failed: <message>` when it throws. Scripts that leave an SDK connected would not
 * exit by themselves.
 */
export function runMain(name: string, main: () => Promise<unknown>): void {
  main().then(
    (code) => process.exit(typeof code === 'number' ? code : 0),
    (error: unknown) => {
      console.error(`${name} failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
