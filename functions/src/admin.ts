// Firebase Admin SDK, initialised once per instance (handler modules are loaded lazily by index.ts, so these
// imports are only paid by the first request of a function that needs them). Auth lives in admin-auth.ts so
// that functions reading only Firestore (render_blog) do not load it.
import { getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

export function adminApp(): App {
  // The default app only: firebase-functions' Firestore triggers create a named app of their own first.
  return getApps().some((app) => app.name === '[DEFAULT]') ? getApp() : initializeApp();
}

export const db = (): Firestore => getFirestore(adminApp());
