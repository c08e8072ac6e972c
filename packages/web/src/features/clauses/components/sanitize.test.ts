import { describe, expect, it } from 'vitest';
import { type DomLike, safeHref, sanitizeClauseHtml, sanitizeNodes, serializeSafeNodes } from './sanitize.js';

// No DOM library is installed for Vitest: the allow-list is tested on a stand-in tree shaped like the DOM
// (what DOMParser gives in the browser); the parse itself is exercised in the browser by e2e/clauses.spec.ts.
const text = (value: string): DomLike => ({ nodeType: 3, nodeName: '#text', textContent: value, childNodes: [] });
const comment = (value: string): DomLike => ({ nodeType: 8, nodeName: '#comment', textContent: value, childNodes: [] });
const el = (name: string, attributes: Record<string, string>, ...children: DomLike[]): DomLike => ({
  nodeType: 1,
  nodeName: name.toUpperCase(),
  textContent: null,
  childNodes: children,
  getAttribute: (key) => attributes[key] ?? null,
});
const clean = (...children: DomLike[]) => serializeSafeNodes(sanitizeNodes(el('body', {}, ...children)));

describe('clause HTML allow-list', () => {
  it('keeps plain formatting', () => {
    expect(
      clean(
        el('h2', {}, text('Terms')),
        el('p', {}, text('Read '), el('strong', {}, text('all')), text(' of it'), el('br', {}), el('em', {}, el('u', {}, text('now')))),
        el('ul', {}, el('li', {}, text('one')), el('li', {}, el('b', {}, text('two')))),
        el('ol', {}, el('li', {}, el('i', {}, text('three')))),
        el('blockquote', {}, text('quoted')),
      ),
    ).toBe(
      '<h2>Terms</h2><p>Read <strong>all</strong> of it<br><em><u>now</u></em></p><ul><li>one</li><li><b>two</b></li></ul>' +
        '<ol><li><i>three</i></li></ol><blockquote>quoted</blockquote>',
    );
  });

  it('drops scripts, styles, iframes, svg and their contents', () => {
    expect(
      clean(
        el('script', {}, text('alert(1)')),
        el('style', {}, text('body{display:none}')),
        el('iframe', { src: 'https://evil.example' }, text('frame')),
        el('svg', { onload: 'alert(1)' }, el('script', {}, text('alert(2)'))),
        el('p', {}, text('kept')),
      ),
    ).toBe('<p>kept</p>');
  });

  it('removes every attribute, on* handlers and style included', () => {
    expect(clean(el('p', { onclick: 'alert(1)', style: 'color:red', class: 'x', id: 'y' }, text('hi')))).toBe('<p>hi</p>');
  });

  it('unwraps elements outside the list to their text', () => {
    expect(clean(el('div', {}, el('span', { onmouseover: 'x()' }, text('inside')), el('img', { src: 'x', onerror: 'alert(1)' })))).toBe(
      'inside',
    );
    expect(clean(el('table', {}, el('tr', {}, el('td', {}, el('p', {}, text('cell'))))))).toBe('<p>cell</p>');
  });

  it('keeps links to http, https and mailto only, opened apart with noopener', () => {
    expect(clean(el('a', { href: 'https://example.com/terms?a=1&b="2"', onclick: 'x()' }, text('terms')))).toBe(
      '<a href="https://example.com/terms?a=1&amp;b=%222%22" rel="noopener noreferrer" target="_blank">terms</a>',
    );
    expect(clean(el('a', { href: 'mailto:legal@example.com' }, text('mail')))).toContain('href="mailto:legal@example.com"');
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      '\tjavascript:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      '/relative',
      '',
    ])
      expect(clean(el('a', { href }, text('link')))).toBe('link');
  });

  it('escapes text so it cannot become markup again, and drops comments', () => {
    expect(clean(el('p', {}, text('<img src=x onerror=alert(1)> & more')), comment('<script>alert(1)</script>'))).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; &amp; more</p>',
    );
  });

  it('refuses link addresses that are not absolute http, https or mailto', () => {
    expect(safeHref('http://a.example/')).toBe('http://a.example/');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('java\nscript:alert(1)')).toBeUndefined();
    expect(safeHref(null)).toBeUndefined();
  });
});

// Runs where a DOM is available (a browser-like Vitest environment); skipped under plain Node.
describe.skipIf(typeof DOMParser === 'undefined')('sanitizeClauseHtml in a DOM', () => {
  it('parses and cleans real HTML', () => {
    expect(
      sanitizeClauseHtml(
        '<p onclick="x()">A <b>b</b><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:x">j</a></p>',
      ),
    ).toBe('<p>A <b>b</b>j</p>');
  });
});
