import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BACKGROUND_OPTIONS,
  parseBackgroundOptions,
  serializeBackgroundOptions,
} from './background-image';

describe('parseBackgroundOptions', () => {
  it('reads a stored JSON string', () => {
    expect(
      parseBackgroundOptions('{"size":"contain","position":"top","repeat":"repeat-x"}'),
    ).toEqual({ size: 'contain', position: 'top', repeat: 'repeat-x' });
  });

  it.each([null, undefined, '', 'not json', '[1,2]', '42', 'null'])(
    'falls back to the defaults for %j',
    (raw) => {
      expect(parseBackgroundOptions(raw)).toEqual(DEFAULT_BACKGROUND_OPTIONS);
    },
  );

  it('replaces only the unknown fields with their defaults', () => {
    expect(parseBackgroundOptions('{"size":"huge","position":"left"}')).toEqual({
      size: 'cover',
      position: 'left',
      repeat: 'no-repeat',
    });
  });
});

describe('serializeBackgroundOptions', () => {
  it('writes size, position and repeat in a stable order', () => {
    expect(serializeBackgroundOptions({ repeat: 'repeat', position: 'bottom', size: 'auto' })).toBe(
      '{"size":"auto","position":"bottom","repeat":"repeat"}',
    );
  });

  it('round-trips through parse', () => {
    const options = { size: 'contain', position: 'right', repeat: 'repeat-y' } as const;
    expect(parseBackgroundOptions(serializeBackgroundOptions(options))).toEqual(options);
  });
});
