// Stripe's form encoding: `a[b][0][c]=v` nests, `a[]=v` appends, integer keys make arrays.
import { invalidRequest } from './stripe-error';

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

const KEY_PATTERN = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

function decode(text: string, raw: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw invalidRequest(`Invalid form encoding near '${raw.slice(0, 60)}'.`);
  }
}

/** Splits `a[b][]` into ['a', 'b', ''] (an empty segment means "append"). */
function keySegments(key: string): string[] {
  const match = KEY_PATTERN.exec(key);
  if (!match || match[1] === undefined) throw invalidRequest(`Invalid parameter name: '${key}'.`);
  const rest = match[2] ?? '';
  const segments = [match[1]];
  for (const part of rest.matchAll(/\[([^[\]]*)\]/g)) segments.push(part[1] ?? '');
  return segments;
}

// Containers are null-prototype objects so keys such as `__proto__` stay plain data.
const container = (): FormObject => Object.create(null) as FormObject;

function isContainer(value: FormValue | undefined): value is FormObject {
  return typeof value === 'object' && !Array.isArray(value);
}

function assign(root: FormObject, segments: string[], value: string, key: string): void {
  let node = root;
  for (let index = 0; index < segments.length; index += 1) {
    let segment = segments[index] ?? '';
    // `a[]` appends: the next free integer index.
    if (segment === '') segment = String(Object.keys(node).length);
    const last = index === segments.length - 1;
    if (last) {
      if (node[segment] !== undefined)
        throw invalidRequest(`Parameter '${key}' was given more than once.`, key);
      node[segment] = value;
      return;
    }
    const next = node[segment];
    if (next === undefined) {
      const created = container();
      node[segment] = created;
      node = created;
    } else if (isContainer(next)) {
      node = next;
    } else {
      throw invalidRequest(`Parameter '${key}' conflicts with another parameter of the same name.`, key);
    }
  }
}

/** Objects whose keys are exactly 0..n-1 become arrays, as Stripe reads `line_items[0][price]`. */
function arraysFromIndexedObjects(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  convertChildren(value);
  // Integer-like keys enumerate in ascending order, so position equality means "exactly 0..n-1".
  const keys = Object.keys(value);
  const indexed = keys.length > 0 && keys.every((key, position) => key === String(position));
  return indexed ? keys.map((key) => value[key] as FormValue) : value;
}

function convertChildren(object: FormObject): void {
  for (const key of Object.keys(object)) object[key] = arraysFromIndexedObjects(object[key] as FormValue);
}

export function parseStripeForm(body: string): FormObject {
  const root = container();
  if (body.trim() === '') return root;
  for (const pair of body.split('&')) {
    if (pair === '') continue;
    const separator = pair.indexOf('=');
    const rawKey = separator === -1 ? pair : pair.slice(0, separator);
    const rawValue = separator === -1 ? '' : pair.slice(separator + 1);
    const key = decode(rawKey, pair);
    assign(root, keySegments(key), decode(rawValue, pair), key);
  }
  convertChildren(root);
  return root;
}

/** Bracket notation for a parameter path, as Stripe names params in errors: `line_items[0][price]`. */
export function paramName(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path.map(String);
  return (first ?? '') + rest.map((segment) => `[${segment}]`).join('');
}

/** Stable text of parsed params, used to compare idempotent requests regardless of parameter order. */
export function canonicalParams(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalParams).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalParams(value[key] as FormValue)}`).join(',')}}`;
}
