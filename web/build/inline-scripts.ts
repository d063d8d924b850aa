// The site's two inline scripts, each allowed by its hash in the Content-Security-Policy (firebase.json, checked by
// inline-scripts.test.ts and by `npm run deploy`'s checks of the built pages). Inline, because a script file would
// itself be one more request, a round trip on a phone's slow link, before the page's first content.
// - APP_LOADER_SCRIPT, in the pages that arrive with their content (the snapshots, the blog's pages): it adds the
//   app's scripts, listed in a JSON element (APP_SCRIPTS_ID) instead of in the head, once the page is painted. A
//   script the head lists is requested with the HTML and run before the first paint, so every page's first paint
//   (and Lighthouse's estimate of it, which counts every request made before it) waited on the app's entry.
//   Hand-written: the same bytes on every page.
// - The dashboard's starter (src/app/dashboard-start.ts, transpiled alone by TypeScript), in render_dashboard's
//   shell: it draws a first visit's deals before the app is requested. Its hash changes with its source (and with
//   the TypeScript version): the test names the new one for firebase.json.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The id of the JSON element listing the app's scripts (the same as model/contracts/dashboard-render.ts). */
export const APP_SCRIPTS_ID = 'app-scripts';

/**
 * After the browser has reported the first contentful paint (bounded by 3 s) and, on a page with a main image
 * (`fetchpriority="high"`, a blog cover), once that image is decoded (bounded, as src/boot.ts waits for it), the
 * frame after it has reached the screen (two animation frames later) and the browser has reported the image as the
 * largest paint (or a larger one: the image's paint can reach the screen frames after its decode on a busy phone,
 * and a request started before the report counts against the page's LCP), adds the listed preloads and module
 * scripts in order; at once in a hidden tab, which paints nothing. The paint report, not the next animation frame: a frame
 * reaches the screen some time after its paint task, and a request started in between is still one the paint waited
 * on, for Lighthouse. A broken image has no paint to wait for: its decode failure is src/boot.ts's to report.
 */
export const APP_LOADER_SCRIPT = [
  '(()=>{',
  'const d=document,P=window.PerformanceObserver;',
  'const add=()=>{',
  `const list=JSON.parse(d.getElementById(${JSON.stringify(APP_SCRIPTS_ID)}).textContent);`,
  'for(const href of list.modulepreload){const l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=href;d.head.append(l)}',
  'for(const m of list.modules){const s=d.createElement("script");s.type="module";s.crossOrigin="";s.async=m.async;s.src=m.src;d.head.append(s)}',
  '};',
  'const bounded=(promise)=>Promise.race([promise,new Promise((done)=>setTimeout(done,3000))]);',
  'const firstPaint=()=>new Promise((done)=>{',
  'if(!P||!(P.supportedEntryTypes||[]).includes("paint")){done();return}',
  'const o=new P((list)=>{if(list.getEntries().some((e)=>e.name==="first-contentful-paint")){o.disconnect();done()}});',
  'o.observe({type:"paint",buffered:true})',
  '});',
  'const frames=()=>new Promise((done)=>requestAnimationFrame(()=>requestAnimationFrame(()=>done())));',
  'const seen=(r)=>Math.max(0,Math.min(r.right,innerWidth)-Math.max(r.left,0))*Math.max(0,Math.min(r.bottom,innerHeight)-Math.max(r.top,0));',
  'const largest=(images)=>new Promise((done)=>{',
  'if(!P||!(P.supportedEntryTypes||[]).includes("largest-contentful-paint")){done();return}',
  'const area=Math.max(...images.map((i)=>seen(i.getBoundingClientRect())));',
  'const o=new P((list)=>{if(list.getEntries().some((e)=>images.includes(e.element)||e.size>=area)){o.disconnect();done()}});',
  'o.observe({type:"largest-contentful-paint",buffered:true})',
  '});',
  'const start=()=>{',
  'if(d.visibilityState==="hidden"){add();return}',
  'const images=[...d.querySelectorAll(\'#root img[fetchpriority="high"]\')];',
  'bounded(firstPaint())',
  '.then(()=>images.length&&bounded(Promise.all(images.map((i)=>i.decode().catch(()=>{}))).then(frames).then(()=>largest(images))))',
  '.then(()=>setTimeout(add,0))',
  '};',
  'd.readyState==="loading"?d.addEventListener("DOMContentLoaded",start,{once:true}):start()',
  '})()',
].join('');

/** The CSP source (script-src) that allows `script` inline. */
export const cspSourceOf = (script: string): string =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The id of the JSON element with the starter's settings, written right before it. */
export const DASHBOARD_START_SETTINGS_ID = 'dashboard-start';

/** The dashboard's starter as the page runs it: its TypeScript (under `webRoot`) with the types removed. */
export function dashboardStarterScript(webRoot: string): string {
  const source = readFileSync(join(webRoot, 'src', 'app', 'dashboard-start.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: true },
  });
  // Inside a <script> element: its text must not end the element early.
  if (/<\/script|<!--/i.test(outputText))
    throw new Error('dashboard-start.ts: the starter must not contain </script or <!--');
  return outputText.trim();
}

/** What the starter needs of this build's Firebase project: where Auth keeps the user, and the token endpoint. */
export function dashboardStarterSettings(firebase: {
  apiKey: string;
  useEmulators: boolean;
  authEmulatorUrl: string;
}): { authUserKey: string; tokenEndpoint: string } {
  const tokenHost = firebase.useEmulators
    ? `${firebase.authEmulatorUrl.replace(/\/$/, '')}/securetoken.googleapis.com`
    : 'https://securetoken.googleapis.com';
  return {
    authUserKey: `firebase:authUser:${firebase.apiKey}:[DEFAULT]`,
    tokenEndpoint: `${tokenHost}/v1/token?key=${encodeURIComponent(firebase.apiKey)}`,
  };
}
