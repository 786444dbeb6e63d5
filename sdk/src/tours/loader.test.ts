import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToursModule } from '../types';

type Win = Window & { signpostTours?: ToursModule };

afterEach(() => {
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  delete (window as Win).signpostTours;
});

describe('loadTours', () => {
  it('injects /sdk-tours.js once and starts what it registered with the client', async () => {
    vi.resetModules();
    const { createClient } = await import('../client');
    const client = createClient('https://signpost.example.com');
    const first = client.loadTours();
    const second = client.loadTours();
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0].src).toBe('https://signpost.example.com/sdk-tours.js');
    expect(scripts[0].async).toBe(true);

    const start = vi.fn();
    (window as Win).signpostTours = { start };
    scripts[0].dispatchEvent(new Event('load'));
    expect(await first).toEqual({ start });
    expect(await second).toEqual({ start });
    expect(start).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledWith(client);
  });

  it('resolves to null when the bundle cannot load, and tries again later', async () => {
    vi.resetModules();
    const { createClient } = await import('../client');
    const client = createClient('https://signpost.example.com');
    const failed = client.loadTours();
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    await expect(failed).resolves.toBeNull();
    void client.loadTours();
    expect(document.head.querySelectorAll('script')).toHaveLength(2);
  });
});
