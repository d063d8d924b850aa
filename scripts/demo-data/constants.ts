// Fixed identities of the demo data (also listed in the README and docs/demo-data.md, and printed by
// `npm start`). Other test layers may import these instead of repeating the strings.

/** The UTC day the generated dates are relative to (any fixed day works: rebase moves them to today). */
export const DEMO_ANCHOR = '2025-06-01';
/** Seed of the PRNG behind the generated deals. */
export const DEMO_PRNG_SEED = 0x5eed2025;

export interface DemoAccount {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  subscribed: boolean;
  /** Holds the editor role (the custom claim `editor: true`, tools/editor/role.ts): opens /editor. */
  editor?: true;
}

export const DEMO_ACCOUNTS = {
  subscriber: {
    uid: 'demo-subscriber',
    email: 'subscriber@bargains.test',
    password: 'bargains-demo-1',
    displayName: 'Sam Subscriber',
    subscribed: true,
  },
  free: {
    uid: 'demo-free',
    email: 'free@bargains.test',
    password: 'bargains-demo-2',
    displayName: 'Frankie Free',
    subscribed: false,
  },
  editor: {
    uid: 'demo-editor',
    email: 'editor@bargains.test',
    password: 'bargains-demo-3',
    displayName: 'Eddie Editor',
    subscribed: false,
    editor: true,
  },
} satisfies Record<string, DemoAccount>;

/** The demo subscriber's Stripe ids (seed-stripe.ts makes the local Stripe stand-in know them). */
export const DEMO_STRIPE_CUSTOMER_ID = 'cus_demo_subscriber';
export const DEMO_STRIPE_SUBSCRIPTION_ID = 'sub_demo_subscriber';
