// Business constants (docs/reference.md#constants) that pages display.
export const MONTHLY_PRICE_USD = 2;

/** "$2": the monthly price formatted for display. */
export const monthlyPriceLabel = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
}).format(MONTHLY_PRICE_USD);

/** docs/reference.md#constants: redirect from /success to /dashboard after this many milliseconds. */
export const POST_PAYMENT_REDIRECT_MS = 3000;

/** One of the planned features of the product (docs/reference.md#product), and whether a subscriber has it today. */
export interface PlannedFeature {
  title: string;
  description: string;
}

/**
 * The planned features (docs/reference.md#product) that exist now: email digests and alerts, matched to the categories
 * and stores a subscriber picks (Account Settings, or the prompt after subscribing).
 */
export const AVAILABLE_FEATURES: readonly PlannedFeature[] = [
  {
    title: 'Daily or weekly digest',
    description: 'An email of the newest deals, on the day and at the hour you pick, in your time zone.',
  },
  {
    title: 'Alerts for unusually cheap products',
    description:
      'An email when a deal saves more than 95% of its category this month, or reaches your own bar. At most one an hour.',
  },
  {
    title: 'Interest-based matching',
    description: 'Your digest and alerts carry only the categories and stores you choose.',
  },
  {
    title: 'Interests on your dashboard',
    description:
      'For you lists the categories and stores you picked, and what you saved, first when you browse.',
  },
];

/** Location-based matching, available now: the Near you view (docs/near-you.md). */
export const NEAR_YOU_FEATURES: readonly PlannedFeature[] = [
  {
    title: 'Location-based matching',
    description:
      'Deals from shops near you, surfaced first: store deals around your city or postal code, nearest first, and no deals that do not apply in your country.',
  },
];

/** Planned features (docs/reference.md#product) that do not exist yet, shown as coming soon. */
export const COMING_SOON_FEATURES: readonly PlannedFeature[] = [];
