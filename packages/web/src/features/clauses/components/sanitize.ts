/**
 * Clause content is stored as its author wrote it (docs/decisions.md, "Rich text"): it is shown only through
 * this allow-list. The HTML is parsed into an inert document (DOMParser runs no script and loads nothing),
 * then rebuilt from the allowed tags alone; every other element gives up its text, and no attribute survives
 * but a link's http, https or mailto address.
 */

/** The tags a clause may keep. */
const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'a']);
/** Elements whose text is code, styling or a foreign document, not clause text: dropped with everything in them. */
const DROPPED = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'select',
  'textarea',
]);
const VOID = new Set(['br']);
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** The part of a DOM node the sanitiser reads (a browser's Node, or a test's stand-in). */
export interface DomLike {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomLike>;
  getAttribute?(name: string): string | null;
}

export type SafeTag = 'p' | 'br' | 'b' | 'strong' | 'i' | 'em' | 'u' | 'ul' | 'ol' | 'li' | 'h1' | 'h2' | 'h3' | 'h4' | 'blockquote' | 'a';

/** What survives: text, and allowed elements with only a checked link address. */
export type SafeNode = string | { tag: SafeTag; href?: string; children: SafeNode[] };

/** A link's address if it is absolute http, https or mailto; anything else (javascript:, data:, relative) is refused. */
export function safeHref(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Rebuilds the children of a node from the allow-list. */
export function sanitizeNodes(parent: DomLike): SafeNode[] {
  const out: SafeNode[] = [];
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === TEXT_NODE) {
      const text = node.textContent ?? '';
      if (text) out.push(text);
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue; // comments, processing instructions, doctypes
    const tag = node.nodeName.toLowerCase();
    if (DROPPED.has(tag)) continue;
    const children = sanitizeNodes(node);
    if (!ALLOWED.has(tag)) {
      out.push(...children); // unwrapped: its text stays, the element goes
      continue;
    }
    if (tag === 'a') {
      const href = safeHref(node.getAttribute?.('href'));
      if (href) out.push({ tag: 'a', href, children });
      else out.push(...children);
      continue;
    }
    out.push({ tag: tag as SafeTag, children: VOID.has(tag) ? [] : children });
  }
  return out;
}

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replaceAll('"', '&quot;');

/** The safe tree back as HTML; links open apart from the console. */
export function serializeSafeNodes(nodes: readonly SafeNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return escapeText(node);
      if (VOID.has(node.tag)) return `<${node.tag}>`;
      const inner = serializeSafeNodes(node.children);
      if (node.tag === 'a') return `<a href="${escapeAttribute(node.href ?? '')}" rel="noopener noreferrer" target="_blank">${inner}</a>`;
      return `<${node.tag}>${inner}</${node.tag}>`;
    })
    .join('');
}

/** Parses clause HTML into an inert document and keeps the allow-list (browser only: needs DOMParser). */
export function sanitizeClauseTree(html: string): SafeNode[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return sanitizeNodes(document.body as unknown as DomLike);
}

/** Clause HTML reduced to the allow-list, as an HTML string. */
export function sanitizeClauseHtml(html: string): string {
  return serializeSafeNodes(sanitizeClauseTree(html));
}
