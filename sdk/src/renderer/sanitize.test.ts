import { describe, expect, it } from 'vitest';
import { STEP_HTML } from '../../../lib/flows/allow-list';
import { sanitizeStepContent, sanitizedFragment } from './sanitize';
import { XSS_VECTORS as XSS } from './xss-corpus';

const INERT =
  /<script|<iframe|<object|<embed|<svg|<math|<style|<link|<meta|<base|<form|<input|<button|javascript:|vbscript:|data:|\son\w+\s*=|style=|srcdoc|srcset/i;

/** What a browser would read from a URL: no control characters or spaces. */
const browserUrl = (v: string) => v.replace(/[\x00-\x20]+/g, '').toLowerCase();

/** Parses the output again and lists anything outside the allow-list. */
function problems(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const found: string[] = [];
  for (const el of Array.from(template.content.querySelectorAll('*'))) {
    if (!STEP_HTML.tags.includes(el.localName)) found.push(el.localName);
    for (const attr of Array.from(el.attributes)) {
      if (!(STEP_HTML.attributes[el.localName] ?? []).includes(attr.name)) found.push(attr.name);
      const url = browserUrl(attr.value);
      if (/^(javascript|vbscript|data):|^[/\\]{2}/.test(url)) found.push(attr.value);
    }
  }
  return found;
}

describe('sanitizeStepContent', () => {
  it.each(XSS)('leaves nothing executable of %s, and a second pass changes nothing', (vector) => {
    const out = sanitizeStepContent(`<p>ok</p>${vector}`);
    expect(out.startsWith('<p>ok</p>')).toBe(true);
    expect(out).not.toMatch(INERT);
    expect(problems(out)).toEqual([]);
    expect(sanitizeStepContent(out)).toBe(out);
  });

  it.each(XSS)('shows nothing executable of %s: the cleaned tree itself', (vector) => {
    // What the player appends, checked as nodes (not parsed again from its HTML).
    const fragment = sanitizedFragment(`<p>ok</p>${vector}`);
    const found: string[] = [];
    for (const el of Array.from(fragment.querySelectorAll('*'))) {
      if (!(el instanceof HTMLElement) || !STEP_HTML.tags.includes(el.localName))
        found.push(el.localName);
      for (const attr of Array.from(el.attributes)) {
        if (!(STEP_HTML.attributes[el.localName] ?? []).includes(attr.name)) found.push(attr.name);
        if (/^(javascript|vbscript|data):|^[/\\]{2}/.test(browserUrl(attr.value)))
          found.push(attr.value);
      }
    }
    expect(found).toEqual([]);
    expect(fragment.firstChild?.textContent).toBe('ok');
  });

  it('covers at least 50 vectors', () => {
    expect(XSS.length).toBeGreaterThanOrEqual(50);
  });

  it('drops script-like elements with their text and unwraps other unknown tags', () => {
    expect(sanitizeStepContent('<p>a<script>evil()</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeStepContent('<div><p>kept <font>text</font></p></div>')).toBe(
      '<p>kept text</p>',
    );
    expect(sanitizeStepContent('<p>a<!-- note -->b</p>')).toBe('<p>ab</p>');
  });

  it('unwraps an element that had an `is` value, so no customised built-in of the page upgrades it', () => {
    const upgraded: string[] = [];
    customElements.define(
      'x-widget',
      class extends HTMLParagraphElement {
        connectedCallback() {
          upgraded.push(this.textContent ?? '');
        }
      },
      { extends: 'p' },
    );
    const fragment = sanitizedFragment('<p is="x-widget">author text</p><p>ok</p>');
    document.body.append(fragment);
    expect(upgraded).toEqual([]);
    expect(document.body.innerHTML).toBe('author text<p>ok</p>');
    document.body.replaceChildren();
    expect(sanitizeStepContent('<p is="x-widget">a</p>')).toBe('a');
  });

  it('keeps the formatting of the rich-text editor', () => {
    const html =
      '<h1>Title</h1><h2>Hi</h2><h3>Sub</h3><h4>Small</h4>' +
      '<p>Welcome <strong>aboard</strong>, <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s><br><span>span</span></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><pre><code>x = 1</code></pre>' +
      '<img src="https://cdn.example/a.png" alt="Screenshot" width="320" height="200"><img src="/local.png" alt="">';
    expect(sanitizeStepContent(html)).toBe(html);
  });

  it('opens links in a new tab without an opener and keeps safe schemes', () => {
    expect(sanitizeStepContent('<p><a href="https://ok.example/x" title="t">Docs</a></p>')).toBe(
      '<p><a href="https://ok.example/x" target="_blank" rel="noopener noreferrer nofollow">Docs</a></p>',
    );
    expect(sanitizeStepContent('<a href="mailto:help@ok.example" target="_self">Mail</a>')).toBe(
      '<a href="mailto:help@ok.example" target="_blank" rel="noopener noreferrer nofollow">Mail</a>',
    );
    expect(sanitizeStepContent('<a href="/pricing">Pricing</a>')).toContain('href="/pricing"');
    // mailto is for links only.
    expect(sanitizeStepContent('<img src="mailto:x@y.z" alt="m">')).toBe('<img alt="m">');
  });

  it('is stable on mis-nested markup that the parser reshapes', () => {
    for (const html of [
      '<p><table><tr><td><p>x</p></td></tr></table></p>',
      '<a href="/a"><div><a href="/b">b</a></div></a>',
      '<b><p>one</b>two</p>',
      '<ul><li>a<li>b</ul><p>after',
    ]) {
      const once = sanitizeStepContent(html);
      expect(sanitizeStepContent(once)).toBe(once);
      expect(problems(once)).toEqual([]);
    }
  });
});
