import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToursModule } from '../types';

type Win = Window & { signpostTours?: ToursModule };

afterEach(() => {
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  delete (window as Win).signpostTours;
});

const fakeModule = (): ToursModule => ({ show: vi.fn(), session: () => undefined });

describe('loadTours', () => {
  it('injects /sdk-tours.js once and resolves to what it registered, without playing anything', async () => {
    vi.resetModules();
    const { createClient } = await import('../client');
    const client = createClient('https://signpost.example.com');
    const first = client.loadTours();
    const second = client.loadTours();
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe('https://signpost.example.com/sdk-tours.js');
    expect(scripts[0].async).toBe(true);

    const bundle = fakeModule();
    (window as Win).signpostTours = bundle;
    scripts[0].dispatchEvent(new Event('load'));
    expect(await first).toBe(bundle);
    expect(await second).toBe(bundle);
    expect(bundle.show).not.toHaveBeenCalled(); // a preload only: tours play when the server has one
    const { toursModule } = await import('./loader');
    expect(toursModule()).toBe(bundle);
  });

  it('resolves to null when the bundle cannot load or registers nothing, and tries again later', async () => {
    vi.resetModules();
    const { createClient } = await import('../client');
    const client = createClient('https://signpost.example.com');
    const failed = client.loadTours();
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(failed).resolves.toBeNull();

    const empty = client.loadTours();
    expect(document.head.querySelectorAll('script')).toHaveLength(2);
    document.head.querySelectorAll('script')[1].dispatchEvent(new Event('load'));
    await expect(empty).resolves.toBeNull(); // loaded, but no window.signpostTours

    void client.loadTours();
    expect(document.head.querySelectorAll('script')).toHaveLength(3);
  });
});
