// Firebase Admin Auth, for the functions that verify or delete users (see admin.ts).
import { getAuth, type Auth } from 'firebase-admin/auth';
import { adminApp } from './admin';

export const adminAuth = (): Auth => getAuth(adminApp());
