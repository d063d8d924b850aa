// `npm run build -w functions`: the functions' one build, as npm start, npm test, the bench and the deploy run it
// (scripts/lib/stack.ts: tsc, then render_blog's bundle).
import { runMain } from './lib/cli';
import { buildFunctions } from './lib/stack';

runMain('functions build', buildFunctions);
