import { describe, expect, it } from 'vitest';
import { describeTarget } from './describe';
import { roleOf } from './dom';
import { resolveTarget } from './resolve';

const page = (html: string) => {
  document.body.innerHTML = html;
};
const $ = (selector: string) => document.querySelector(selector)!;
const pickOf = (el: Element) => ({ url: '/', ...describeTarget(el) });

describe('roleOf: explicit, else implicit ARIA role, else the tag', () => {
  it.each([
    ['<button>Go</button>', 'button'],
    ['<a href="/p">Pricing</a>', 'link'],
    ['<a>Not a link</a>', 'a'],
    ['<input type="checkbox">', 'checkbox'],
    ['<input type="radio">', 'radio'],
    ['<input type="submit" value="Send">', 'button'],
    ['<input type="button" value="Go">', 'button'],
    ['<input type="text">', 'textbox'],
    ['<input type="email">', 'textbox'],
    ['<input>', 'textbox'],
    ['<input type="password">', 'input:password'],
    ['<select><option>One</option></select>', 'combobox'],
    ['<textarea></textarea>', 'textbox'],
    ['<h1>Title</h1>', 'heading'],
    ['<h4>Title</h4>', 'heading'],
    ['<nav>Menu</nav>', 'navigation'],
    ['<img alt="Logo">', 'img'],
    ['<div>Box</div>', 'div'],
    ['<div role="tab">Tab</div>', 'tab'],
    ['<a href="/x" role="button">Buy</a>', 'button'],
  ])('%s → %s', (html, role) => {
    page(html);
    expect(roleOf(document.body.firstElementChild!)).toBe(role);
  });
});

describe('implicit roles in picks', () => {
  it('grades plain markup B by role and accessible name, and finds it again', () => {
    page('<div><a href="/pricing">Pricing</a><a href="/blog">Blog</a><h2>Plans</h2></div>');
    const link = pickOf($('a'));
    expect(link.grade).toBe('B');
    expect(link.candidates).toContainEqual({ kind: 'role', value: 'link', name: 'Pricing' });
    expect(pickOf($('h2'))).toMatchObject({ grade: 'B' });
    // A redesign moves the link and inserts a sibling: role, name and text find it.
    page(
      '<header><span>New</span><div><a href="/blog">Blog</a><a href="/pricing">Pricing</a></div></header>',
    );
    expect(resolveTarget(link)).toBe(document.querySelectorAll('a')[1]);
  });

  it('never attaches to an element whose implicit role contradicts the pick', () => {
    page('<div><a href="/pricing">Pricing</a></div>');
    const link = pickOf($('a'));
    page('<div><button>Pricing</button></div>');
    expect(resolveTarget(link)).toBeNull();
    // A checkbox picked by its label is not a text field with the same label.
    page('<form><input type="checkbox" aria-label="Newsletter"></form>');
    const box = pickOf($('input'));
    expect(box.grade).toBe('B');
    page('<form><input type="text" aria-label="Newsletter"></form>');
    expect(resolveTarget(box)).toBeNull();
  });

  it('still finds a pick stored with the tag as its role (before implicit roles)', () => {
    page('<nav><a href="/pricing">Pricing</a></nav>');
    const old = {
      url: '/',
      selector: 'nav > a',
      text: 'Pricing',
      candidates: [
        { kind: 'role' as const, value: 'a', name: 'Pricing' },
        { kind: 'css' as const, value: 'nav > a', fingerprint: '', nth: 0 },
      ],
    };
    page('<div><nav><a href="/pricing">Pricing</a></nav></div>');
    expect(resolveTarget(old)).toBe($('a'));
    page('<div><nav><button>Pricing</button></nav></div>');
    expect(resolveTarget(old)).toBeNull();
  });
});
