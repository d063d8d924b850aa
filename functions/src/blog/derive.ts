// Derives a blog post's display fields (docs/reference.md#blog) from its stored HTML. Runs in Node when a post is written
// (the publisher, the composer's function, the demo-data generator) so readers never parse bodies. parse5 is a spec-compliant HTML parser:
// malformed markup is repaired the way browsers repair it and character references are decoded.
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { DEFAULT_READ_TIME_MINUTES, type BlogDoc } from '@bargains/model/blog';
import { htmlToPlainText, visibleText } from '@bargains/model/plain-text';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

/** Average adult silent reading speed for non-fiction (Brysbaert 2019 puts it at ~238; 225 is the usual rounding for web copy). */
export const WORDS_PER_MINUTE = 225;
/** Cards show a two-or-three line summary; a whole first paragraph would only be clipped. */
export const MAX_DESCRIPTION_LENGTH = 300;
/** Tags are short labels; longer text in a `tag*` class (e.g. a "tagline" paragraph) is not a tag. */
export const MAX_TAG_LENGTH = 40;
export const MAX_TAGS = 20;
/** Bounds the walk through nested JSON-LD objects so hostile input cannot recurse without end. */
const MAX_JSON_LD_DEPTH = 8;

export type DerivedBlogFields = Pick<BlogDoc, 'title' | 'description' | 'tags' | 'readTimeMinutes'>;

export function deriveBlogFields(html: string): DerivedBlogFields {
  const elements = elementsInDocumentOrder(parse(html));
  const structured = rankedStructuredDataNodes(elements);
  return {
    title: structuredText(structured, 'headline') ?? firstElementText(elements, 'h1') ?? '',
    description: truncateAtWord(
      structuredText(structured, 'description') ??
        metaDescription(elements) ??
        firstElementText(elements, 'p') ??
        '',
      MAX_DESCRIPTION_LENGTH,
    ),
    tags: tagLabels(elements),
    readTimeMinutes: readTimeMinutes(countWords(bodyText(elements))),
  };
}

export function readTimeMinutes(wordCount: number): number {
  if (!Number.isFinite(wordCount) || wordCount <= 0) return DEFAULT_READ_TIME_MINUTES;
  return Math.max(1, Math.ceil(wordCount / WORDS_PER_MINUTE));
}

/** Intl.Segmenter finds words in scripts without spaces (CJK) too, where splitting on whitespace would not. */
export function countWords(text: string): number {
  let words = 0;
  for (const segment of new Intl.Segmenter('en', { granularity: 'word' }).segment(text)) {
    if (segment.isWordLike) words += 1;
  }
  return words;
}

// ---------------------------------------------------------------------------------------------------------
// Tree helpers. Iterative walks: deeply nested hostile markup must not overflow the stack.

function isElement(node: ChildNode | ParentNode): node is Element {
  return 'tagName' in node;
}

/** All elements in document order; <template> contents are skipped (inert in browsers). */
function elementsInDocumentOrder(root: ParentNode): Element[] {
  const found: Element[] = [];
  const stack: ChildNode[] = [...root.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || !isElement(node)) continue;
    found.push(node);
    for (let i = node.childNodes.length - 1; i >= 0; i -= 1) {
      const child = node.childNodes[i];
      if (child) stack.push(child);
    }
  }
  return found;
}

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name && !attr.namespace)?.value;
}

function firstElementText(elements: Element[], tagName: string): string | undefined {
  for (const element of elements) {
    if (element.tagName !== tagName) continue;
    const text = visibleText(element);
    if (text) return text;
  }
  return undefined;
}

function bodyText(elements: Element[]): string {
  const body = elements.find((element) => element.tagName === 'body');
  return body ? visibleText(body) : '';
}

export function truncateAtWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

// ---------------------------------------------------------------------------------------------------------
// Structured data (JSON-LD). A page may hold several blocks, each an object, an array of objects or an
// object with an @graph; content nodes may also nest (WebPage.mainEntity → Article).

type JsonObject = { [key: string]: unknown };

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Lower ranks win: the post's own Article node, then its WebPage, then any other creative work.
const NodeRank = { Article: 0, WebPage: 1, OtherCreativeWork: 2 } as const;
type NodeRank = (typeof NodeRank)[keyof typeof NodeRank];

interface RankedNode {
  node: JsonObject;
  rank: NodeRank;
}

/** "Article", "schema:BlogPosting", "https://schema.org/NewsArticle" → local type names. */
function schemaTypes(node: JsonObject): string[] {
  const raw = node['@type'];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.split(/[/:#]/).pop() ?? '');
}

function rankOf(node: JsonObject): NodeRank | undefined {
  const types = schemaTypes(node);
  if (types.some((type) => type.endsWith('Article') || type.endsWith('Posting'))) return NodeRank.Article;
  if (types.some((type) => type.endsWith('Page'))) return NodeRank.WebPage;
  // `headline` is a CreativeWork property: a node that has one describes content, not a site, brand or person.
  if ('headline' in node) return NodeRank.OtherCreativeWork;
  return undefined;
}

function rankedStructuredDataNodes(elements: Element[]): RankedNode[] {
  const ranked: RankedNode[] = [];
  for (const element of elements) {
    if (element.tagName !== 'script') continue;
    const type = (attribute(element, 'type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/ld+json') continue;
    const parsed = parseJson(rawText(element));
    if (parsed !== undefined) collectNodes(parsed, 0, ranked);
  }
  // Stable sort: document order within a rank.
  return ranked.sort((a, b) => a.rank - b.rank);
}

function rawText(element: Element): string {
  return element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // Broken JSON-LD is common in the wild; the HTML fallbacks still apply.
  }
}

function collectNodes(value: unknown, depth: number, into: RankedNode[]): void {
  if (depth > MAX_JSON_LD_DEPTH) return;
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, depth + 1, into);
    return;
  }
  if (!isJsonObject(value)) return;
  const rank = rankOf(value);
  if (rank !== undefined) into.push({ node: value, rank });
  for (const [key, child] of Object.entries(value)) {
    if (key === '@context') continue;
    if (typeof child === 'object' && child !== null) collectNodes(child, depth + 1, into);
  }
}

/** A JSON-LD text value: a string, a {"@value": …} literal, or a list of those (first usable one wins). */
function jsonLdText(value: unknown): string | undefined {
  if (typeof value === 'string') return htmlToPlainText(value) || undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = jsonLdText(item);
      if (text) return text;
    }
    return undefined;
  }
  if (isJsonObject(value) && typeof value['@value'] === 'string')
    return htmlToPlainText(value['@value']) || undefined;
  return undefined;
}

/** The first usable value of a text property, from the best-ranked node that has one. */
function structuredText(nodes: RankedNode[], property: 'headline' | 'description'): string | undefined {
  for (const { node } of nodes) {
    const text = jsonLdText(node[property]);
    if (text) return text;
  }
  return undefined;
}

function metaDescription(elements: Element[]): string | undefined {
  for (const element of elements) {
    if (element.tagName !== 'meta' || attribute(element, 'name')?.trim().toLowerCase() !== 'description')
      continue;
    // An attribute value is text, but authors do put markup (or escaped markup) in it: keep the words only.
    const content = htmlToPlainText(attribute(element, 'content') ?? '');
    if (content) return content;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Tags: elements with a class token that is "tag" or starts with "tag" (docs/reference.md#blog). When tag elements nest
// (<ul class="tags"><li class="tag">), only the innermost ones are labels; their containers are not.

function hasTagClass(element: Element): boolean {
  const classes = (attribute(element, 'class') ?? '').split(/\s+/);
  return classes.some((name) => name.toLowerCase().startsWith('tag'));
}

function tagLabels(elements: Element[]): string[] {
  const tagged = elements.filter(hasTagClass);
  const containers = new Set<ParentNode>();
  for (const element of tagged) {
    for (
      let parent = element.parentNode;
      parent;
      parent = 'parentNode' in parent ? parent.parentNode : null
    ) {
      containers.add(parent);
    }
  }
  const labels: string[] = [];
  const seen = new Set<string>();
  for (const element of tagged) {
    if (containers.has(element)) continue;
    const label = visibleText(element).replace(/^#+\s*/, '');
    const key = label.toLowerCase();
    if (!label || label.length > MAX_TAG_LENGTH || seen.has(key)) continue;
    seen.add(key);
    labels.push(label);
    if (labels.length === MAX_TAGS) break;
  }
  return labels;
}
