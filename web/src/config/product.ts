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

/**
 * Planned features (docs/reference.md#product) that do not exist yet, shown as coming soon. The digest and the alerts for
 * unusually cheap products (issue #19) exist: email, matched to the categories and stores a subscriber picks.
 */
export const COMING_SOON_FEATURES = [
  { title: 'Location-based matching', description: 'Deals from shops near you, surfaced first.' },
  {
    title: 'Interest-based matching',
    description: 'Tell us what you shop for and see those bargains at the top of your dashboard.',
  },
] as const;
