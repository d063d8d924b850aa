// Where the emulators and the Stripe stand-in listen during `npm test` (firebase.json, tools/stripe-standin).
export const PROJECT_ID = 'demo-bargains';
const FUNCTIONS_BASE = `http://127.0.0.1:5001/${PROJECT_ID}/us-central1`;
export const AUTH_EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const FIRESTORE_EMULATOR = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
/** Values of functions/.secret.local.example and functions/.env.demo-bargains (the stand-in's defaults). */
export const STRIPE_SECRET_KEY = 'sk_test_local_bargains';
export const STRIPE_WEBHOOK_SECRET = 'whsec_local_bargains';
export const STRIPE_PRICE_ID = 'price_bargains_monthly_local';
export const APP_ORIGIN = 'http://127.0.0.1:5000';

export { STANDIN_URL } from '../../support/stripe-standin';

export const functionUrl = (name: string): string => `${FUNCTIONS_BASE}/${name}`;
