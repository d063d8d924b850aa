import { AuthProvider, FirebaseAppProvider } from 'reactfire';
import { useRoutes } from 'react-router-dom';
import { UserDocumentSync } from '@/features/auth/components/UserDocumentSync';
import { auth } from '@/lib/auth';
import { firebaseApp } from '@/lib/firebase-app';
import { appRoutes, isProtectedPath, preloadRoute } from './routes';

// Start downloading the current page's chunk now, in parallel with the first auth check.
preloadRoute(window.location.pathname);

/** reactfire providers over the modular SDK, the user-document sync, and the route table. */
export default function AppRoot() {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <UserDocumentSync isWatchedPath={isProtectedPath} />
        <AppRoutesView />
      </AuthProvider>
    </FirebaseAppProvider>
  );
}

function AppRoutesView() {
  return useRoutes(appRoutes);
}
