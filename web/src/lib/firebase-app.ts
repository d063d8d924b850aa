import { initializeApp } from 'firebase/app';
import { env } from '@/config/env';

// The bare app is light; Auth and Firestore are initialised by the modules that need them so that public
// pages never pull in the full Firestore SDK.
export const firebaseApp = initializeApp(env.firebase);
