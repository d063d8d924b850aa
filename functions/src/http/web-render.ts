// The web build's files the page functions use (functions/web-render/, written by `vite build`: shells and server
// renderers), each read or imported once per instance, on its first request.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WEB_RENDER_DIR } from '@bargains/model/contracts/blog-shell';

// Two folders below functions/: lib/http/ as compiled, lib/handlers/ inside render_blog's bundle.
const webRenderPath = (file: string) => join(__dirname, '..', '..', WEB_RENDER_DIR, file);

const texts = new Map<string, string>();
const modules = new Map<string, Promise<unknown>>();

/** A shell document's text. */
export function webRenderText(file: string): string {
  let text = texts.get(file);
  if (text === undefined) {
    text = readFileSync(webRenderPath(file), 'utf8');
    texts.set(file, text);
  }
  return text;
}

/** A server renderer: an ES module bundled by Vite, so it is imported, not required. `Module` is its exports' shape. */
export function webRenderModule<Module>(file: string): Promise<Module> {
  let loaded = modules.get(file);
  if (loaded === undefined) {
    loaded = import(pathToFileURL(webRenderPath(file)).href);
    modules.set(file, loaded);
  }
  return loaded as Promise<Module>;
}
