// `npm run build -w functions`: the functions' one build, as npm start, npm test, the bench and the deploy run it
// (scripts/lib/stack.ts: tsc, then render_blog's bundle).
import { buildFunctions } from './lib/stack';

buildFunctions().catch((error: unknown) => {
  console.error(`functions build failed: ${(error as Error).message}`);
  process.exit(1);
});
