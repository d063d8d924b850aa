// Counts the Firestore documents a page received, from the raw response bodies of its Firestore requests.
// Works for both SDK transports: the full SDK's WebChannel Listen stream (length-prefixed JSON frames such as
// `123\n[[5,[{"documentChange":{"document":{"name":…}}}]]]`) and Lite's REST answers (runQuery:
// `[{"document":{…}}]`, batchGet: `[{"found":{…}}]`). Each delivered document counts once per delivery:
// that is what Firestore bills as a read.

/** Every complete top-level JSON array or object in `text`, skipping frame lengths and partial trailing data. */
export function extractJsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char !== '[' && char !== '{') {
      index += 1;
      continue;
    }
    const end = matchingClose(text, index);
    if (end === -1) break; // Incomplete value: the rest has not arrived yet.
    try {
      values.push(JSON.parse(text.slice(index, end + 1)));
      index = end + 1;
    } catch {
      index += 1;
    }
  }
  return values;
}

/** Index of the bracket closing the one at `start`, honouring JSON strings; -1 when the text ends first. */
function matchingClose(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') depth += 1;
    else if (char === ']' || char === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function documentName(value: unknown): string | null {
  if (!isRecord(value) || typeof value.name !== 'string' || !value.name.includes('/documents/')) return null;
  return value.name;
}

/** Full names (`projects/…/documents/users/abc`) of every document delivered in the given JSON values. */
export function deliveredDocumentNames(values: readonly unknown[]): string[] {
  const names: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isRecord(value)) return;
    // Listen stream: a document added or changed for a target.
    if (isRecord(value.documentChange)) {
      const name = documentName(value.documentChange.document);
      if (name) names.push(name);
      return;
    }
    // REST runQuery element, or batchGet hit.
    const name = documentName(value.document) ?? documentName(value.found);
    if (name) {
      names.push(name);
      return;
    }
    Object.values(value).forEach(visit);
  };
  values.forEach(visit);
  return names;
}

export interface DocumentReads {
  deals: number;
  userDocs: number;
  other: number;
  total: number;
  /** Paths of the `other` documents, for the report. */
  otherPaths: string[];
}

export function classifyDocumentReads(names: readonly string[]): DocumentReads {
  const reads: DocumentReads = { deals: 0, userDocs: 0, other: 0, total: names.length, otherPaths: [] };
  for (const name of names) {
    const path = name.slice(name.indexOf('/documents/') + '/documents/'.length);
    if (/^sources\/wired\/coupons\/[^/]+$/.test(path)) reads.deals += 1;
    else if (/^users\/[^/]+$/.test(path)) reads.userDocs += 1;
    else {
      reads.other += 1;
      reads.otherPaths.push(path);
    }
  }
  return reads;
}

export function subtractReads(after: DocumentReads, before: DocumentReads): DocumentReads {
  return {
    deals: after.deals - before.deals,
    userDocs: after.userDocs - before.userDocs,
    other: after.other - before.other,
    total: after.total - before.total,
    otherPaths: withoutOnce(after.otherPaths, before.otherPaths),
  };
}

/** `items` minus one occurrence of each element of `removed` (a multiset difference). */
function withoutOnce(items: readonly string[], removed: readonly string[]): string[] {
  const remaining = [...items];
  for (const item of removed) {
    const index = remaining.indexOf(item);
    if (index !== -1) remaining.splice(index, 1);
  }
  return remaining;
}
