import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILDER_STORAGE_KEY } from '../../../lib/contracts/builder-constants';
import { openPicker, type Picker } from './picker';
import {
  aSession as session,
  builderButton as buttonNamed,
  HOST,
  resetBuilder,
  storeSession,
  stubServer,
} from './test-setup';

/** The element picker of sdk-builder.js (docs/builder.md, "The picker"), in jsdom. */

let picker: Picker | undefined;
let pageClicks: number;
/** The server behind fetch: 204 to everything (Cancel's revocation) unless a test stubs its own. */
let server: ReturnType<typeof stubServer>;

beforeEach(() => {
  history.replaceState(null, '', '/settings');
  document.body.innerHTML = `
    <main>
      <section class="card">
        <button data-testid="save-button">Save <b>now</b></button>
        <p><span>plain words</span></p>
      </section>
      <ul><li class="item">One</li><li class="item">Two</li></ul>
    </main>`;
  pageClicks = 0;
  document.querySelector('main')!.addEventListener('click', () => pageClicks++);
  storeSession();
  server = stubServer(() => ({ status: 204 }));
});
afterEach(() => {
  picker?.close();
  picker = undefined;
  resetBuilder();
});

const open = (s = session()) => (picker = openPicker({ host: HOST, session: s }));
const root = () => document.querySelector('[data-signpost-builder]')!.shadowRoot!;
const bar = () => root().querySelector<HTMLElement>('[role="region"]')!;
const $ = (selector: string) => document.querySelector(selector)!;
const click = (el: Element) =>
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
const key = (k: string, target: EventTarget = document.body) =>
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, composed: true }),
  );
const barText = () => bar().textContent ?? '';

describe('the picker', () => {
  it('mounts a labelled bar in its own shadow root with the named controls', () => {
    open();
    expect(bar().getAttribute('aria-label')).toBe('Signpost element picker');
    for (const name of ['Parent', 'Child', 'Use this element', 'Cancel'])
      expect(buttonNamed(name)).toBeTruthy();
    expect(buttonNamed('Use this element').disabled).toBe(true);
    expect(buttonNamed('Parent').disabled).toBe(true);
    // The page's CSS cannot reach it: no element of the builder is in the page's tree.
    expect(document.querySelectorAll('button')).toHaveLength(1);
  });

  it('highlights the hovered element', () => {
    open();
    const [hover] = Array.from(root().querySelectorAll<HTMLElement>('.box'));
    expect(hover.style.display).not.toBe('block');
    $('li.item').dispatchEvent(new MouseEvent('mousemove', { bubbles: true, composed: true }));
    expect(hover.style.display).toBe('block');
  });

  it('selects on click without the page seeing the click, and shows matches and grade A', () => {
    open();
    click($('[data-testid="save-button"]'));
    expect(pageClicks).toBe(0);
    expect(barText()).toContain('<button> “Save now”');
    expect(barText()).toContain('1 element matches [data-testid="save-button"] · Grade A');
    expect(buttonNamed('Use this element').disabled).toBe(false);
    expect(root().querySelector<HTMLElement>('.box.sel')!.style.display).toBe('block');
  });

  it('walks to the parent and back to the child, by buttons and by ↑/↓', () => {
    open();
    click($('[data-testid="save-button"] b'));
    expect(barText()).toContain('<b> “now”');
    buttonNamed('Parent').click();
    expect(barText()).toContain('<button> “Save now”');
    key('ArrowUp');
    expect(barText()).toContain('<section>');
    key('ArrowDown');
    expect(barText()).toContain('<button>');
    buttonNamed('Child').click();
    expect(barText()).toContain('<b> “now”');
    expect(buttonNamed('Child').disabled).toBe(true);
    // Never up to <body>.
    for (let i = 0; i < 5; i++) buttonNamed('Parent').click();
    expect(barText()).toContain('<main>');
    expect(buttonNamed('Parent').disabled).toBe(true);
  });

  it('for grade C names the attribute to add to the markup', () => {
    open();
    click($('p span'));
    expect(barText()).toContain('Grade C');
    expect(barText()).toContain('Add data-signpost="plain-words"');
  });

  it('counts several matches (across open shadow roots) and saves which one', async () => {
    server = stubServer(() => ({ status: 500, body: {} }));
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<em>outside</em><div></div>');
    const widget = document.querySelector('main > div')!.attachShadow({ mode: 'open' });
    widget.innerHTML = '<em>inside</em>';
    open();
    click(widget.querySelector('em')!); // composed: the picker sees the element inside
    expect(barText()).toContain('<em> “inside”');
    expect(barText()).toContain('2 elements match em');
    expect(barText()).toContain('this one (number 2) is saved');
    buttonNamed('Use this element').click();
    await vi.waitFor(() => expect(server.to('/target')).toHaveLength(1));
    const body = JSON.parse(String(server.to('/target')[0]!.init.body)) as {
      select_element: { selector: string; index?: number };
    };
    expect(body.select_element).toMatchObject({ selector: 'em', index: 1 });
  });

  it('Use this element saves the target with the builder token', async () => {
    server = stubServer(() => ({ status: 200, body: { data: { flow_id: 7, step_id: 'step-2' } } }));
    open();
    click($('[data-testid="save-button"]'));
    buttonNamed('Use this element').click();
    await vi.waitFor(() => expect(barText()).toContain('Saved.'));

    expect(server.to('/target')).toHaveLength(1);
    const [{ url, init }] = server.to('/target');
    expect(url).toBe(`${HOST}/v1/builder/steps/step-2/target`);
    expect(init.method).toBe('PUT');
    expect(init.credentials).toBe('omit');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer bt_secret');
    const { select_element } = JSON.parse(String(init.body)) as {
      select_element: Record<string, unknown>;
    };
    expect(select_element).toMatchObject({
      url: `${location.origin}/settings`,
      selector: '[data-testid="save-button"]',
      text: 'Save now',
      grade: 'A',
    });
    expect(select_element.candidates).toContainEqual({
      kind: 'attr',
      name: 'data-testid',
      value: 'save-button',
    });
    expect(select_element).not.toHaveProperty('index');
  });

  it('shows the server’s message when the save is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'This builder link has expired.', status: 401 }), {
            status: 401,
          }),
      ),
    );
    open();
    click($('[data-testid="save-button"]'));
    buttonNamed('Use this element').click();
    await vi.waitFor(() => expect(barText()).toContain('This builder link has expired.'));
  });

  it('starts from the step’s current target when it is on the page', () => {
    open(
      session({
        select_element: { url: 'https://x.test/settings', selector: '[data-testid="save-button"]' },
      }),
    );
    expect(barText()).toContain('<button> “Save now”');
  });

  it('Cancel removes the picker and ends the session in this tab; the page gets clicks again', () => {
    const onExit = vi.fn();
    picker = openPicker({ host: HOST, session: session(), onExit });
    buttonNamed('Cancel').click();
    expect(document.querySelector('[data-signpost-builder]')).toBeNull();
    expect(sessionStorage.getItem(BUILDER_STORAGE_KEY)).toBeNull();
    expect(onExit).toHaveBeenCalledTimes(1);
    click($('li.item'));
    expect(pageClicks).toBe(1);
  });

  it('Cancel revokes the builder token on the server before the bar goes', () => {
    let barAtRequest: Element | null = null;
    server = stubServer(() => {
      barAtRequest = document.querySelector('[data-signpost-builder]');
      return { status: 204 };
    });
    open();
    buttonNamed('Cancel').click();
    const [revoke] = server.to('/v1/builder/session');
    expect(revoke!.url).toBe(`${HOST}/v1/builder/session`);
    expect(revoke!.init).toMatchObject({ method: 'DELETE', credentials: 'omit', keepalive: true });
    expect((revoke!.init.headers as Record<string, string>).Authorization).toBe('Bearer bt_secret');
    expect(barAtRequest).not.toBeNull();
    expect(document.querySelector('[data-signpost-builder]')).toBeNull();
  });

  it('Cancel closes the picker even when the revocation fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    open();
    buttonNamed('Cancel').click();
    expect(document.querySelector('[data-signpost-builder]')).toBeNull();
    expect(sessionStorage.getItem(BUILDER_STORAGE_KEY)).toBeNull();
    vi.stubGlobal('fetch', undefined);
    storeSession();
    open();
    buttonNamed('Cancel').click();
    expect(document.querySelector('[data-signpost-builder]')).toBeNull();
  });

  it('Escape cancels, from the page or from the bar', () => {
    open();
    key('Escape');
    expect(document.querySelector('[data-signpost-builder]')).toBeNull();
    expect(sessionStorage.getItem(BUILDER_STORAGE_KEY)).toBeNull();

    storeSession();
    open();
    buttonNamed('Cancel').focus();
    key('Escape', buttonNamed('Cancel'));
    expect(document.querySelector('[data-signpost-builder]')).toBeNull();
  });

  it('selects the focused element with Enter (keyboard picking)', () => {
    open();
    const button = $('[data-testid="save-button"]') as HTMLButtonElement;
    button.focus();
    key('Enter', button);
    expect(barText()).toContain('<button> “Save now”');
    expect(pageClicks).toBe(0);
  });
});
