// Request parameters of each implemented endpoint, validated with zod and reported in Stripe's error style.
// Parameters of the real API that change nothing here are accepted and ignored; anything else is rejected as an
// unknown parameter, so a typo in the functions fails loudly instead of silently.
import { z } from 'zod';
import { CHECKOUT_STATUS_FILTERS, SUBSCRIPTION_STATUS_FILTERS } from './billing';
import { paramName, type FormObject } from './form-encoding';
import { invalidRequest, parameterMissing, parameterUnknown, type StripeApiError } from './stripe-error';

const ignored = z.unknown().optional();

const text = (max = 5000) =>
  z.string().max(max, { error: `This value must be at most ${max} characters long.` });

const bool = z
  .enum(['true', 'false'], { error: (issue) => `Invalid boolean: ${String(issue.input)}` })
  .transform((value) => value === 'true');

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, { error: (issue) => `Invalid integer: ${String(issue.input)}` })
    .transform(Number)
    .refine((value) => value >= min && value <= max, {
      error: (issue) => `This value must be between ${min} and ${max} (got ${String(issue.input)}).`,
    });

const email = z
  .string()
  .max(512)
  .refine((value) => value === '' || /^[^\s@]+@[^\s@]+$/.test(value), {
    error: (issue) => `Invalid email address: ${String(issue.input)}`,
  });

const httpUrl = z
  .string()
  .max(5000)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'Not a valid URL' },
  );

/** Stripe: up to 50 keys of at most 40 characters, values of at most 500; `metadata=` clears all. */
const metadata = z.union(
  [
    z.literal(''),
    z
      .record(z.string().max(40, { error: 'Metadata keys can be at most 40 characters long.' }), text(500))
      .refine((record) => Object.keys(record).length <= 50, { error: 'Metadata can have at most 50 keys.' }),
  ],
  { error: 'Invalid metadata: expected a hash of keys to string values.' },
);

const expand = z.array(z.string(), { error: 'Invalid array for expand.' }).optional();

export const retrieveParams = z.strictObject({ expand });

const customerFields = {
  email: email.optional(),
  name: text(256).optional(),
  description: text(350).optional(),
  metadata: metadata.optional(),
  expand,
  address: ignored,
  phone: ignored,
  shipping: ignored,
  preferred_locales: ignored,
  invoice_settings: ignored,
  tax: ignored,
  tax_exempt: ignored,
  validate: ignored,
  business_name: ignored,
  individual_name: ignored,
};

export const customerCreateParams = z.strictObject(customerFields);
export const customerUpdateParams = z.strictObject(customerFields);

export const checkoutSessionCreateParams = z.strictObject({
  mode: z.string(),
  line_items: z
    .array(
      z.strictObject({
        price: z.string(),
        quantity: integer(1, 999_999).optional(),
        adjustable_quantity: ignored,
        tax_rates: ignored,
        dynamic_tax_rates: ignored,
      }),
      { error: 'Invalid array for line_items.' },
    )
    .min(1, { error: 'line_items must contain at least one item.' }),
  customer: text(255).optional(),
  customer_email: email.optional(),
  client_reference_id: text(200).optional(),
  success_url: httpUrl.optional(),
  cancel_url: httpUrl.optional(),
  metadata: metadata.optional(),
  subscription_data: z
    .strictObject({
      metadata: metadata.optional(),
      description: ignored,
      default_tax_rates: ignored,
      invoice_settings: ignored,
      proration_behavior: ignored,
    })
    .optional(),
  allow_promotion_codes: bool.optional(),
  expires_at: integer(0, Number.MAX_SAFE_INTEGER).optional(),
  ui_mode: z
    .literal('hosted_page', {
      error: 'The local Stripe stand-in only serves the hosted checkout page (ui_mode=hosted_page).',
    })
    .optional(),
  expand,
  adaptive_pricing: ignored,
  automatic_tax: ignored,
  billing_address_collection: ignored,
  branding_settings: ignored,
  consent_collection: ignored,
  custom_fields: ignored,
  custom_text: ignored,
  customer_creation: ignored,
  customer_update: ignored,
  locale: ignored,
  origin_context: ignored,
  payment_method_collection: ignored,
  payment_method_configuration: ignored,
  payment_method_options: ignored,
  payment_method_types: ignored,
  phone_number_collection: ignored,
  saved_payment_method_options: ignored,
  tax_id_collection: ignored,
  wallet_options: ignored,
});

export const subscriptionListParams = z.strictObject({
  customer: z.string().optional(),
  price: z.string().optional(),
  status: z
    .enum(SUBSCRIPTION_STATUS_FILTERS, {
      error: (issue) =>
        `Invalid status: must be one of ${SUBSCRIPTION_STATUS_FILTERS.join(', ')} (got ${String(issue.input)}).`,
    })
    .optional(),
  limit: integer(1, 100).optional(),
  starting_after: z.string().optional(),
  ending_before: z.string().optional(),
  expand,
});

export const checkoutSessionListParams = z.strictObject({
  customer: z.string().optional(),
  status: z.enum(CHECKOUT_STATUS_FILTERS).optional(),
  limit: integer(1, 100).optional(),
  expand,
  created: ignored,
  customer_details: ignored,
  ending_before: ignored,
  payment_intent: ignored,
  payment_link: ignored,
  starting_after: ignored,
  subscription: ignored,
});

export const checkoutSessionExpireParams = z.strictObject({ expand });

export const refundCreateParams = z.strictObject({
  payment_intent: z.string(),
  amount: integer(1, 99_999_999).optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  metadata: metadata.optional(),
  expand,
  instructions_email: ignored,
  origin: ignored,
});

export const subscriptionUpdateParams = z.strictObject({
  cancel_at_period_end: bool.optional(),
  metadata: metadata.optional(),
  description: text(500).optional(),
  expand,
  cancellation_details: ignored,
  off_session: ignored,
  payment_behavior: ignored,
  proration_behavior: ignored,
  proration_date: ignored,
});

/** POST /v1/billing_portal/sessions; the portal's configuration and flows are Stripe's defaults here. */
export const portalSessionCreateParams = z.strictObject({
  customer: z.string({ error: 'Missing required param: customer.' }).min(1),
  return_url: httpUrl.optional(),
  expand,
  configuration: ignored,
  flow_data: ignored,
  locale: ignored,
  on_behalf_of: ignored,
});

export const subscriptionCancelParams = z.strictObject({
  prorate: bool.optional(),
  invoice_now: bool.optional(),
  cancellation_details: z
    .strictObject({
      comment: text(5000).optional(),
      feedback: z
        .enum([
          'customer_service',
          'low_quality',
          'missing_features',
          'other',
          'switched_service',
          'too_complex',
          'too_expensive',
          'unused',
        ])
        .optional(),
    })
    .optional(),
  expand,
});

/** Turns the first zod issue into Stripe's error: unknown params first, then missing ones, then invalid values. */
function toStripeError(issues: readonly z.core.$ZodIssue[]): StripeApiError {
  const unknown = issues.find((issue) => issue.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    return parameterUnknown(paramName([...unknown.path, unknown.keys[0] ?? '']));
  }
  const missing = issues.find((issue) => issue.code === 'invalid_type' && issue.input === undefined);
  if (missing) return parameterMissing(paramName(missing.path));
  const first = issues[0];
  const param = first ? paramName(first.path) : undefined;
  return invalidRequest(first?.message ?? 'Invalid request.', param === '' ? undefined : param);
}

export function parseParams<Schema extends z.ZodType>(schema: Schema, params: FormObject): z.output<Schema> {
  const result = schema.safeParse(params, { reportInput: true });
  if (!result.success) throw toStripeError(result.error.issues);
  return result.data;
}
