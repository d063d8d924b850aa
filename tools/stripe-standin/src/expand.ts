// Stripe's `expand[]`: replaces an id with the object it names, along dotted paths (`data.latest_invoice`).
import { checkoutLineItems, getPrice, type BillingContext } from './billing';
import { buildCheckoutLineItem, listOf } from './objects';
import { invalidRequest } from './stripe-error';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields holding an id that can be expanded, wherever they appear, and where that id is looked up. */
function lookupById(context: BillingContext, field: string, id: string): unknown {
  const { state } = context;
  switch (field) {
    case 'customer':
      return state.customers[id] ?? null;
    case 'subscription':
      return state.subscriptions[id] ?? null;
    case 'latest_invoice':
    case 'invoice':
      return state.invoices[id] ?? null;
    default:
      return undefined;
  }
}

function expandField(context: BillingContext, owner: JsonObject, field: string, fullPath: string): void {
  if (field === 'line_items' && owner.object === 'checkout.session' && typeof owner.id === 'string') {
    const items = checkoutLineItems(context, owner.id).map((item) =>
      buildCheckoutLineItem(getPrice(context, item.price), item.quantity),
    );
    owner.line_items = listOf(items, `/v1/checkout/sessions/${owner.id}/line_items`);
    return;
  }
  const value = owner[field];
  if (typeof value === 'string') {
    const expanded = lookupById(context, field, value);
    if (expanded === undefined)
      throw invalidRequest(`This property cannot be expanded (${fullPath}).`, 'expand');
    owner[field] = structuredClone(expanded);
    return;
  }
  if (value === undefined) throw invalidRequest(`This property cannot be expanded (${fullPath}).`, 'expand');
}

function expandPath(context: BillingContext, target: unknown, segments: string[], fullPath: string): void {
  const [field, ...rest] = segments;
  if (field === undefined || !isObject(target)) return;
  // Lists expand through their `data`, e.g. `data.customer`.
  if (target.object === 'list' && field === 'data' && Array.isArray(target.data)) {
    for (const element of target.data) expandPath(context, element, rest, fullPath);
    return;
  }
  if (rest.length === 0) {
    expandField(context, target, field, fullPath);
    return;
  }
  if (typeof target[field] === 'string') expandField(context, target, field, fullPath);
  if (!(field in target)) throw invalidRequest(`This property cannot be expanded (${fullPath}).`, 'expand');
  expandPath(context, target[field], rest, fullPath);
}

const MAX_EXPAND_DEPTH = 4;

/** Returns a copy of `object` with the requested paths expanded; the stored object is never modified. */
export function applyExpand<T>(context: BillingContext, object: T, paths: readonly string[] | undefined): T {
  if (paths === undefined || paths.length === 0) return object;
  const copy = structuredClone(object);
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > MAX_EXPAND_DEPTH || segments.some((segment) => segment === '')) {
      throw invalidRequest(
        `You cannot expand more than ${MAX_EXPAND_DEPTH} levels of a property, or an empty property (${path}).`,
        'expand',
      );
    }
    expandPath(context, copy, segments, path);
  }
  return copy;
}
