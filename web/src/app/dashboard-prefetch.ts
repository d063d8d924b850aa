// Second entry of dashboard.html (web/build/prerender-plugin.ts), loaded `async` beside src/boot.ts: starts the
// subscriber's first deal page as soon as Firebase Auth has restored the session, without waiting for the app.
import { prefetchSubscriberFirstPage } from '@/features/dashboard/api/subscriber-prefetch';

prefetchSubscriberFirstPage();
