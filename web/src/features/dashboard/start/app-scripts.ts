// The app's scripts the dashboard's document lists instead of loading (model/contracts/dashboard-render.ts
// APP_SCRIPTS_ID): the starter adds them as the build wrote them, once the first cards are painted.
import {
  APP_SCRIPTS_ID,
  type AppScripts,
} from '@bargains/model/contracts/dashboard-render';

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The list in the document, or null when it is missing or malformed. */
export function appScriptsOf(document: Document): AppScripts | null {
  const text = document.getElementById(APP_SCRIPTS_ID)?.textContent;
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { modulepreload, modules } = value as Record<string, unknown>;
  if (!isStringArray(modulepreload) || !Array.isArray(modules)) return null;
  const parsed: AppScripts['modules'] = [];
  for (const module of modules as unknown[]) {
    if (typeof module !== 'object' || module === null) return null;
    const { src, async } = module as Record<string, unknown>;
    if (typeof src !== 'string' || typeof async !== 'boolean') return null;
    parsed.push({ src, async });
  }
  return { modulepreload, modules: parsed };
}

/** Adds the app's preloads and module scripts to the head, in the order the build listed them. */
export function addAppScripts(document: Document, scripts: AppScripts): void {
  const elements: HTMLElement[] = [];
  for (const href of scripts.modulepreload) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    elements.push(link);
  }
  for (const { src, async } of scripts.modules) {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    // A script added by a script runs as soon as it has loaded unless told otherwise: the entries keep their order.
    script.async = async;
    script.src = src;
    elements.push(script);
  }
  document.head.append(...elements);
}
