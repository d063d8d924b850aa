// One policy for malformed stored documents: the converter returns null (the caller skips the document) and
// the problem is reported once, here, with the document path and what was wrong. A bad document never
// crashes a page or a function.
// zod/mini's safeParse runs schemas of both kinds (zod and zod/mini share zod/v4/core); see fields.ts.
import { safeParse } from 'zod/mini';
import type { $ZodError, $ZodType } from 'zod/v4/core';

export interface InvalidDocument {
  /** Document path, e.g. `sources/wired/coupons/abc`. */
  path: string;
  /** Human-readable list of the failed checks. */
  problems: string[];
}

export type InvalidDocumentReporter = (invalid: InvalidDocument) => void;

/** Default reporter: a named warning (console works in the browser and in Cloud Functions logs). */
export const warnInvalidDocument: InvalidDocumentReporter = ({ path, problems }) => {
  console.warn('model.invalid_document: skipped a malformed document', { path, problems });
};

export function describeIssues(error: $ZodError): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(document)';
    return `${where}: ${issue.message}`;
  });
}

/** Runs a document schema; on failure reports the document and returns null. */
export function parseDocument<Output>(
  schema: $ZodType<Output>,
  path: string,
  data: unknown,
  report: InvalidDocumentReporter,
): Output | null {
  const result = safeParse(schema, data);
  if (result.success) return result.data;
  report({ path, problems: describeIssues(result.error) });
  return null;
}

/** Converts a page of snapshots, dropping (and reporting) the malformed ones. */
export function parseAll<T>(
  snapshots: ReadonlyArray<{ id: string; data(): unknown }>,
  parse: (id: string, data: unknown) => T | null,
): T[] {
  const parsed: T[] = [];
  for (const snapshot of snapshots) {
    const value = parse(snapshot.id, snapshot.data());
    if (value !== null) parsed.push(value);
  }
  return parsed;
}
