// Second entry of the dashboard's document (render_dashboard's shell, web/build/prerender-plugin.ts), loaded `async`
// beside src/boot.ts: adopts the first deal page the server drew, or starts the subscriber's first deal page as soon
// as Firebase Auth has restored the session, without waiting for the app.
// First: this entry may run before src/boot.ts, and its graph defines zod schemas (lib/zod-jitless.ts).
import '@/lib/zod-jitless';
import { prefetchSubscriberFirstPage } from '@/features/dashboard/api/subscriber-prefetch';

prefetchSubscriberFirstPage();
