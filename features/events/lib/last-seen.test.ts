import { describe, expect, it } from 'vitest';
import { formatLastSeen } from './last-seen';

describe('formatLastSeen', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  it('is relative within a week and dd-MM-yyyy before', () => {
    expect(formatLastSeen('2025-06-15T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatLastSeen('2025-06-13T12:00:00Z', now)).toBe('2 days ago');
    expect(formatLastSeen('2025-05-01T12:00:00Z', now)).toBe('01-05-2025');
  });
  it('shows N/A for never and for garbage', () => {
    expect(formatLastSeen(null, now)).toBe('N/A');
    expect(formatLastSeen('yesterday', now)).toBe('N/A');
  });
});
