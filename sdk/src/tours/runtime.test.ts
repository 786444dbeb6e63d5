import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  FLOW_SESSION_POLL_MS,
  FLOW_TARGET_WAIT_MS,
  type AvailableFlow,
} from '../../../lib/contracts/flow-runtime';
import { fakeFetch, noTour, settle, type FlowRequest, type Reply } from '../testing/fake-network';
import { TEST_STEPS, aButton, aStep, testAnswer } from '../testing/flows';
import type { FlowAnswer, ToursRuntime } from '../types';

const HOST = 'https://signpost.example.com';
const KEY = 'wk_tours';

let tours: typeof import('./runtime');
let runtime: ToursRuntime & { ask: ReturnType<typeof vi.fn> };
let net: ReturnType<typeof fakeFetch>;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules(); // the bundle keeps its state per page
  tours = await import('./runtime');
  runtime = { host: HOST, writeKey: KEY, ask: vi.fn() };
  net = fakeFetch();
});
afterEach(async () => {
  tours.show(null, runtime);
  await settle(); // calls still on their way reach this test's fake network
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const host = () => document.querySelector<HTMLElement>('[data-signpost-tour]');
const dialog = () => host()?.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]') ?? null;
const click = (name: string) =>
  Array.from(host()!.shadowRoot!.querySelectorAll('button'))
    .find((b) => b.textContent === name || b.getAttribute('aria-label') === name)!
    .click();
/** The flow runtime's calls as `path type/outcome step/reason`. */
const calls = () =>
  net.flowRequests.map((r) =>
    [r.path, r.body.type ?? r.body.outcome, r.body.step_id ?? r.body.reason, r.body.button_id]
      .filter((part) => part !== undefined)
      .join(' '),
  );

describe('the tours bundle', () => {
  it("mirrors the contract: answer type, and asks again after the contract's poll interval", async () => {
    expectTypeOf<AvailableFlow>().toMatchTypeOf<FlowAnswer>();
    tours.show(testAnswer(), runtime);
    await settle(FLOW_SESSION_POLL_MS - 1);
    expect(runtime.ask).not.toHaveBeenCalled();
    await settle(1);
    expect(runtime.ask).toHaveBeenCalledTimes(1);
  });

  it('resumes at current_step_id and reports step_seen and button_clicked with keepalive', async () => {
    tours.show(testAnswer({ step: 's2' }), runtime);
    expect(dialog()).toHaveTextContent('About s2');
    expect(tours.session()).toBe('sess-1');
    await settle();
    const [seen] = net.flowRequests;
    expect(seen!.url).toBe(`${HOST}/v1/flows/7/track`);
    expect(seen!.init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(seen!.body).toEqual({
      writeKey: KEY,
      session_id: 'sess-1',
      step_id: 's2',
      type: 'step_seen',
    });

    click('next-2');
    await settle();
    expect(dialog()).toHaveTextContent('About s3');
    expect(net.flowRequests[1]!.body).toEqual({
      writeKey: KEY,
      session_id: 'sess-1',
      step_id: 's2',
      type: 'button_clicked',
      button_id: 'next-2',
    });
    expect(calls()).toEqual([
      '7/track step_seen s2',
      '7/track button_clicked s2 next-2',
      '7/track step_seen s3',
    ]);
  });

  it('starts at the first step when the session names none or an unknown one', () => {
    tours.show(testAnswer({ step: null }), runtime);
    expect(dialog()).toHaveTextContent('About s1');
    tours.show(testAnswer({ session: 'sess-2', step: 'deleted' }), runtime);
    expect(dialog()).toHaveTextContent('About s1');
  });

  it('shows nothing, calls nothing and asks nothing when on_this_page is false', async () => {
    tours.show(testAnswer({ onThisPage: false }), runtime);
    await settle(10_000);
    expect(host()).toBeNull();
    expect(tours.session()).toBeUndefined();
    expect(net.flowRequests).toHaveLength(0);
    expect(runtime.ask).not.toHaveBeenCalled();
  });

  it('Esc, the close button and a dismiss button end the tour as dismissed', async () => {
    tours.show(testAnswer({ session: 'esc' }), runtime);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(host()).toBeNull();
    tours.show(testAnswer({ session: 'close' }), runtime);
    click('Close tour');
    tours.show(testAnswer({ session: 'button' }), runtime);
    click('skip-1');
    expect(host()).toBeNull();
    await settle();
    const done = net.flowRequests.filter((r) => r.path === '7/done').map((r) => r.body);
    expect(done).toEqual([
      { writeKey: KEY, session_id: 'esc', outcome: 'dismissed', reason: 'esc' },
      { writeKey: KEY, session_id: 'close', outcome: 'dismissed', reason: 'close' },
      { writeKey: KEY, session_id: 'button', outcome: 'dismissed', reason: 'button' },
    ]);
    expect(calls().slice(-3)).toEqual([
      '7/track step_seen s1',
      '7/track button_clicked s1 skip-1',
      '7/done dismissed button',
    ]);
  });

  it('a dismiss action on the last step completes the tour; its close button dismisses it', async () => {
    const steps = [
      aStep({
        id: 's1',
        buttons: [aButton({ id: 'next-1', actions: [{ type: 'goto', reference_step: 's2' }] })],
      }),
      aStep({ id: 's2', buttons: [aButton({ id: 'finish-2', actions: [{ type: 'dismiss' }] })] }),
    ];
    tours.show(testAnswer({ steps, session: 'finished' }), runtime);
    click('next-1');
    click('finish-2');
    expect(host()).toBeNull();
    tours.show(testAnswer({ steps, session: 'closed', step: 's2' }), runtime);
    click('Close tour');
    await settle();
    const done = net.flowRequests.filter((r) => r.path === '7/done').map((r) => r.body);
    expect(done).toEqual([
      { writeKey: KEY, session_id: 'finished', outcome: 'completed', reason: 'button' },
      { writeKey: KEY, session_id: 'closed', outcome: 'dismissed', reason: 'close' },
    ]);
  });

  it("completes when the last step's button ends the tour, and stops polling", async () => {
    tours.show(testAnswer({ step: 's3' }), runtime);
    await settle(FLOW_SESSION_POLL_MS);
    expect(runtime.ask).toHaveBeenCalledTimes(1);
    click('done-3');
    expect(host()).toBeNull();
    expect(tours.session()).toBeUndefined();
    await settle(4 * FLOW_SESSION_POLL_MS);
    expect(runtime.ask).toHaveBeenCalledTimes(1);
    expect(calls()).toEqual([
      '7/track step_seen s3',
      '7/track button_clicked s3 done-3',
      '7/done completed',
    ]);
    // An answer still naming the session (the server had not read done yet) shows nothing.
    tours.show(testAnswer({ step: 's3' }), runtime);
    expect(host()).toBeNull();
  });

  it('navigation: the tour goes on on the next page, or completes on the last step', async () => {
    const go = vi.spyOn(tours.page, 'go').mockImplementation(() => {});
    let hangDone = false;
    net = fakeFetch(undefined, (req: FlowRequest) =>
      hangDone && req.path.endsWith('/done') ? new Promise<Reply>(() => {}) : noTour(req),
    );
    const steps = [
      aStep({
        id: 's1',
        buttons: [aButton({ id: 'nav-1', actions: [{ type: 'navigation', value: '/next' }] })],
      }),
      aStep({
        id: 's2',
        buttons: [aButton({ id: 'nav-2', actions: [{ type: 'navigation', value: '/end' }] })],
      }),
    ];
    tours.show(testAnswer({ steps }), runtime);
    click('nav-1');
    expect(host()).toBeNull();
    expect(go).not.toHaveBeenCalled(); // the click is sent first
    await settle();
    expect(go).toHaveBeenCalledExactlyOnceWith('/next');
    expect(calls()).toEqual(['7/track step_seen s1', '7/track button_clicked s1 nav-1']);

    // The next page: the server moved the session to s2.
    tours.show(testAnswer({ steps, step: 's2' }), runtime);
    expect(dialog()).toHaveTextContent('About s2');
    hangDone = true;
    click('nav-2');
    await settle(1499);
    expect(go).toHaveBeenCalledTimes(1); // waiting for done …
    await settle(1);
    expect(go).toHaveBeenLastCalledWith('/end'); // … at most 1.5 s
    expect(calls().slice(2)).toEqual([
      '7/track step_seen s2',
      '7/track button_clicked s2 nav-2',
      '7/done completed navigation',
    ]);
  });

  it('a tooltip waits for its target, then reports target_missing and goes away', async () => {
    const tip = (selector: string) =>
      aStep({ id: 't1', type: 'tool_tip', select_element: { url: '/', selector } });
    tours.show(testAnswer({ session: 'late', steps: [tip('#late'), TEST_STEPS[2]!] }), runtime);
    await settle(2000);
    expect(dialog()).toBeNull();
    document.body.insertAdjacentHTML('beforeend', '<button id="late">Buy</button>');
    await settle();
    expect(dialog()).toHaveTextContent('About t1');
    expect(calls()).toEqual(['7/track step_seen t1']);

    tours.show(testAnswer({ session: 'never', steps: [tip('#never')] }), runtime);
    await settle(FLOW_TARGET_WAIT_MS - 1);
    expect(dialog()).toBeNull();
    expect(tours.session()).toBe('never');
    await settle(1);
    expect(host()).toBeNull();
    expect(tours.session()).toBeUndefined();
    expect(net.flowRequests.at(-1)!.body).toEqual({
      writeKey: KEY,
      session_id: 'never',
      step_id: 't1',
      type: 'target_missing',
    });
    expect(calls().filter((c) => c.includes('done'))).toEqual([]); // the server ends it
    const asked = runtime.ask.mock.calls.length;
    await settle(3 * FLOW_SESSION_POLL_MS);
    expect(runtime.ask).toHaveBeenCalledTimes(asked);
    tours.show(testAnswer({ session: 'never', steps: [tip('#never')] }), runtime);
    expect(host()).toBeNull();
  });

  it('asks every 3 s while a tour shows: null removes it, another session replaces it', async () => {
    tours.show(testAnswer(), runtime);
    const shown = host();
    await settle(2 * FLOW_SESSION_POLL_MS);
    expect(runtime.ask).toHaveBeenCalledTimes(2);
    tours.show(testAnswer({ step: 's3' }), runtime); // same session: kept as it is
    expect(host()).toBe(shown);
    expect(dialog()).toHaveTextContent('About s1');

    tours.show(testAnswer({ session: 'sess-2', step: 's3' }), runtime);
    expect(host()).not.toBe(shown);
    expect(dialog()).toHaveTextContent('About s3');
    expect(tours.session()).toBe('sess-2');

    tours.show(testAnswer({ session: 'sess-2', onThisPage: false }), runtime);
    expect(host()).toBeNull();
    tours.show(testAnswer({ session: 'sess-2' }), runtime);
    expect(host()).not.toBeNull();

    tours.show(null, runtime); // unpublished
    expect(host()).toBeNull();
    expect(tours.session()).toBeUndefined();
    const asked = runtime.ask.mock.calls.length;
    await settle(5 * FLOW_SESSION_POLL_MS);
    expect(runtime.ask).toHaveBeenCalledTimes(asked);
    expect(calls().filter((c) => c.includes('done'))).toEqual([]);
  });

  it('retries track and done with backoff, in order; other errors are final', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const replies: Reply[] = ['network-error', { status: 503 }];
    net = fakeFetch(undefined, (req, i) => replies[i] ?? noTour(req));
    tours.show(testAnswer(), runtime);
    click('skip-1');
    await settle();
    expect(calls()).toEqual(['7/track step_seen s1']);
    await settle(999);
    expect(calls()).toHaveLength(2);
    await settle(1998);
    expect(calls()).toEqual([
      '7/track step_seen s1',
      '7/track step_seen s1',
      '7/track step_seen s1',
      '7/track button_clicked s1 skip-1',
      '7/done dismissed button',
    ]);

    net = fakeFetch(undefined, () => ({ status: 400 }));
    expect(() => {
      tours.show(testAnswer({ session: 'sess-2' }), runtime);
      click('skip-1');
    }).not.toThrow();
    await settle(120_000);
    expect(calls()).toHaveLength(3);
  });

  it('gives up after six tries of a call', async () => {
    net = fakeFetch(undefined, () => 'network-error');
    tours.show(testAnswer({ steps: [TEST_STEPS[2]!] }), runtime);
    await settle(300_000);
    expect(calls()).toEqual(Array(6).fill('7/track step_seen s3'));
  });
});
