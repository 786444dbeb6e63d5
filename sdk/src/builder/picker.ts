import type { BuilderExchange, BuilderTargetSaved } from '../../../lib/contracts/builder';
import type { SelectElement } from '../../../lib/contracts/flows';
import { h } from '../renderer/dom';
import { describeTarget, type TargetDescription } from '../targets/describe';
import { queryAll, treesOf } from '../targets/dom';
import { resolveTarget } from '../targets/resolve';
import { callApi, endSession } from './api';
import { pollProbes } from './probe';
import { button, mountUi } from './ui';

/**
 * The element picker (docs/builder.md, "The picker"): hovering highlights, a click (or Enter on
 * a focused element) selects, ↑/↓ or Parent/Child walk the tree, the bar shows the matches of the
 * primary selector and the stability grade, and Use this element saves the step's target.
 */

export interface PickerOptions {
  host: string;
  session: BuilderExchange;
  /** Called once the picker is gone (Cancel, Escape). */
  onExit?: () => void;
}

export interface Picker {
  /** Selects an element as a click would. */
  select(el: Element): void;
  /** Removes the picker; the session stays (as a navigation would). */
  close(): void;
}

/** Mouse and pointer events the page must not act on while picking. */
const BLOCKED = ['mousedown', 'mouseup', 'pointerdown', 'pointerup', 'auxclick', 'dblclick'];

/** The element an event happened on, inside open shadow roots too. */
const origin = (e: Event): Element | null => {
  const first = e.composedPath()[0];
  return first instanceof Element ? first : null;
};

/** An element's parent, across a shadow root's boundary; never `<body>` or `<html>`. */
function parentOf(el: Element): Element | null {
  const up = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
  return up && up !== document.body && up !== document.documentElement ? up : null;
}

/** What the contract stores: empty texts left out (the contract's texts are never empty). */
function targetOf(d: TargetDescription, index: number): SelectElement {
  return {
    url: location.href,
    selector: d.selector,
    candidates: d.candidates.map(({ name, ...c }) => (name ? { ...c, name } : c)),
    ...(d.text && { text: d.text }),
    grade: d.grade,
    ...(index >= 0 && { index }),
  };
}

export function openPicker({ host, session, onExit }: PickerOptions): Picker {
  const ui = mountUi('Signpost element picker');
  const hoverBox = h('div', { class: 'box' });
  const selectBox = h('div', { class: 'box sel' });
  ui.root.prepend(hoverBox, selectBox);

  const title = h('p', {}, 'Hover over an element of the page and click it to select it.');
  const detail = h('p', { class: 'sub' });
  const hint = h('p', { class: 'sub' });
  const status = h('p', { class: 'sub', role: 'status', 'aria-live': 'polite' });
  const parentButton = button('Parent', () => walk('up'));
  const childButton = button('Child', () => walk('down'));
  const useButton = button('Use this element', () => void save(), true);
  const cancelButton = button('Cancel', () => cancel());
  ui.bar.append(
    h('div', { class: 'info' }, title, detail, hint, status),
    parentButton,
    childButton,
    useButton,
    cancelButton,
  );

  let hovered: Element | null = null;
  let selected: Element | null = null;
  let described: TargetDescription | null = null;
  let index = -1;
  let matches = 0;
  /** Elements walked up from, so Child goes back down the same way. */
  let trail: Element[] = [];
  let saving = false;

  const inUi = (e: Event) => e.composedPath().includes(ui.host);

  function place(box: HTMLElement, el: Element | null): void {
    if (!el?.isConnected) return void (box.style.display = 'none');
    const r = el.getBoundingClientRect();
    Object.assign(box.style, {
      display: 'block',
      left: `${r.left}px`,
      top: `${r.top}px`,
      width: `${r.width}px`,
      height: `${r.height}px`,
    });
  }
  const redraw = () => (place(hoverBox, hovered), place(selectBox, selected));

  function refresh(): void {
    parentButton.disabled = !selected || !parentOf(selected);
    childButton.disabled = !selected?.firstElementChild;
    useButton.disabled = !described || matches < 1 || saving;
    redraw();
  }

  function show(el: Element): void {
    selected = el;
    described = describeTarget(el);
    const found = queryAll(treesOf(document), described.selector);
    matches = found.length;
    index = matches > 1 ? found.indexOf(el) : -1;
    const text = described.text ? ` “${described.text}”` : '';
    title.textContent = `<${el.tagName.toLowerCase()}>${text}`;
    detail.textContent =
      `${matches} ${matches === 1 ? 'element matches' : 'elements match'} ${described.selector}` +
      ` · Grade ${described.grade}`;
    hint.textContent = [
      matches > 1 && `Several elements match: this one (number ${index + 1}) is saved.`,
      described.grade === 'C' && described.hint,
    ]
      .filter(Boolean)
      .join(' ');
    status.textContent = '';
    refresh();
  }

  function select(el: Element): void {
    trail = [];
    show(el);
  }

  function walk(way: 'up' | 'down'): void {
    if (!selected) return;
    if (way === 'up') {
      const up = parentOf(selected);
      if (!up) return;
      trail.push(selected);
      show(up);
    } else {
      const back = trail.pop();
      const down = back && selected.contains(back) ? back : selected.firstElementChild;
      if (!down) return;
      if (back && down !== back) trail = [];
      show(down);
    }
  }

  async function save(): Promise<void> {
    if (!described || !selected || saving) return;
    saving = true;
    refresh();
    status.textContent = 'Saving…';
    const answer = await callApi<BuilderTargetSaved>(
      host,
      session.token,
      'PUT',
      `steps/${encodeURIComponent(session.step_id)}/target`,
      { select_element: targetOf(described, index) },
    );
    saving = false;
    refresh();
    status.textContent = answer.ok
      ? 'Saved. The editor shows this element now; you may close this tab or pick again.'
      : answer.message;
  }

  function onMove(e: Event): void {
    if (inUi(e)) return;
    hovered = origin(e);
    place(hoverBox, hovered);
  }
  function onClick(e: Event): void {
    if (inUi(e)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    const el = origin(e);
    if (el && el !== document.body && el !== document.documentElement) select(el);
  }
  function onBlocked(e: Event): void {
    if (inUi(e)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
  }
  function onKey(e: KeyboardEvent): void {
    const inside = inUi(e);
    if (e.key === 'Escape') cancel();
    else if (selected && (e.key === 'ArrowUp' || e.key === 'ArrowDown'))
      walk(e.key === 'ArrowUp' ? 'up' : 'down');
    else if (e.key === 'Enter' && !inside && origin(e) && origin(e) !== document.body)
      select(origin(e)!);
    else return;
    e.preventDefault();
    e.stopImmediatePropagation();
  }
  /** Keyboard picking: the focused element of the page is highlighted; Enter selects it. */
  function onFocus(e: Event): void {
    if (inUi(e)) return;
    hovered = origin(e);
    place(hoverBox, hovered);
  }

  const listeners: [string, EventListener][] = [
    ['mousemove', onMove],
    ['click', onClick],
    ['keydown', onKey as EventListener],
    ['focusin', onFocus],
    ['scroll', redraw],
    ['resize', redraw],
    ...BLOCKED.map((type): [string, EventListener] => [type, onBlocked]),
  ];
  for (const [type, fn] of listeners) window.addEventListener(type, fn, true);

  // The editor's hand-typed selector, counted here (the search the bar's count uses).
  const stopProbes = pollProbes(host, session, (s) => queryAll(treesOf(document), s).length);

  let open = true;
  function close(): void {
    if (!open) return;
    open = false;
    stopProbes();
    for (const [type, fn] of listeners) window.removeEventListener(type, fn, true);
    ui.remove();
  }
  /** Cancel and Escape: the token is revoked (best effort) before the bar goes. */
  function cancel(): void {
    endSession(host, session.token);
    close();
    onExit?.();
  }

  // Start from the step's current target when it is on this page.
  const current = session.select_element;
  const start = current ? resolveTarget(current) : null;
  if (start) select(start);
  else refresh();
  return { select, close };
}
