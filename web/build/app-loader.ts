// The one inline script of the pages that arrive with their content (the snapshots, the blog's pages): it adds the
// app's scripts, listed in a JSON element (APP_SCRIPTS_ID) instead of in the head, once the page is painted. A
// script the head lists is requested with the HTML and run before the first paint, so every page's first paint
// (and Lighthouse's estimate of it, which counts every request made before it) waited on the app's entry. Inline,
// because a script file would itself be one more request before the paint; the Content-Security-Policy allows
// exactly this text by its hash (firebase.json, checked by app-loader.test.ts and `npm run deploy`'s checks).
// Hand-written and small: it is the same bytes on every page, so it cannot come from the bundler.
import { createHash } from 'node:crypto';

/** The id of the JSON element listing the app's scripts (the same as model/contracts/dashboard-render.ts). */
export const APP_SCRIPTS_ID = 'app-scripts';

/**
 * After the page's main images are decoded (bounded, as src/boot.ts waits for them) and the next frame is painted
 * (at once in a hidden tab, which paints nothing), adds the listed preloads and module scripts in order.
 */
export const APP_LOADER_SCRIPT = [
  '(()=>{',
  'const d=document;',
  'const add=()=>{',
  `const list=JSON.parse(d.getElementById(${JSON.stringify(APP_SCRIPTS_ID)}).textContent);`,
  'for(const href of list.modulepreload){const l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=href;d.head.append(l)}',
  'for(const m of list.modules){const s=d.createElement("script");s.type="module";s.crossOrigin="";s.async=m.async;s.src=m.src;d.head.append(s)}',
  '};',
  'const afterPaint=()=>{if(d.visibilityState==="hidden")add();else requestAnimationFrame(()=>setTimeout(add,0))};',
  'const start=()=>{',
  'const images=[...d.querySelectorAll(\'#root img[fetchpriority="high"]\')].map((i)=>i.decode().catch(()=>{}));',
  'Promise.race([Promise.all(images),new Promise((r)=>setTimeout(r,3000))]).then(afterPaint)',
  '};',
  'd.readyState==="loading"?d.addEventListener("DOMContentLoaded",start,{once:true}):start()',
  '})()',
].join('');

/** The CSP source that allows APP_LOADER_SCRIPT (script-src). */
export const APP_LOADER_CSP_SOURCE = `'sha256-${createHash('sha256').update(APP_LOADER_SCRIPT).digest('base64')}'`;
