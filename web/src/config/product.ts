// Business constants of spec §9 that pages display.
export const MONTHLY_PRICE_USD = 2;

/** "$2": the monthly price formatted for display. */
export const monthlyPriceLabel = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
}).format(MONTHLY_PRICE_USD);

/** Spec §9: redirect from /success to /dashboard after this many milliseconds. */
export const POST_PAYMENT_REDIRECT_MS = 3000;

/** Planned features, shown as coming soon (spec §1). */
export const COMING_SOON_FEATURES = [
  { title: 'Location-based matching', description: 'Deals from shops near you, surfaced first.' },
  {
    title: 'Interest-based matching',
    description: 'Tell us what you shop for and see those bargains at the top.',
  },
  {
    title: 'Daily or weekly digest',
    description: 'The best new deals in your inbox, on the schedule you choose.',
  },
  { title: 'Price-drop alerts', description: 'A heads-up when a product is unusually cheap.' },
] as const;
