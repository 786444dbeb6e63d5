import { describe, expect, it } from 'vitest';
import { displayName, initialOf, isHttpUrl } from './user-display';

describe('isHttpUrl', () => {
  it('accepts only http and https URLs', () => {
    expect(isHttpUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(isHttpUrl('http://example.com/a.png')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isHttpUrl('/relative.png')).toBe(false);
    expect(isHttpUrl(null)).toBe(false);
    expect(isHttpUrl('')).toBe(false);
  });
});

describe('displayName / initialOf', () => {
  it('prefers the name', () => {
    expect(displayName({ email: 'ada@example.com', name: 'Ada Lovelace' })).toBe('Ada Lovelace');
    expect(initialOf({ email: 'ada@example.com', name: 'ada' })).toBe('A');
  });

  it('falls back to the e-mail local part when the name is blank', () => {
    expect(displayName({ email: 'grace.hopper@example.com', name: '  ' })).toBe('grace.hopper');
    expect(initialOf({ email: 'grace.hopper@example.com', name: null })).toBe('G');
  });
});
