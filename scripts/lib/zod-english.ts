// Injected into render_blog's bundle (bundle-render-blog.ts): zod/mini's English messages, which zod's full
// build registers by itself.
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());
