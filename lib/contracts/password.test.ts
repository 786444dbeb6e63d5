import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { passwordField, passwordProblems } from './password';
import { signUpBody } from './auth';

describe('password rules (docs/product/validation.md#53-password)', () => {
  it('reports required, then length, before any character class', () => {
    expect(passwordProblems('')).toEqual([MESSAGES.password.required]);
    expect(passwordProblems('abc')).toEqual([MESSAGES.password.min]);
    expect(passwordProblems('a'.repeat(65))).toEqual([MESSAGES.password.max]);
  });

  it('reports each missing class once the length is right', () => {
    expect(passwordProblems('abcdefgh')).toEqual([
      MESSAGES.password.uppercase,
      MESSAGES.password.number,
      MESSAGES.password.special,
    ]);
    expect(passwordProblems('ABCDEFG1')).toEqual([
      MESSAGES.password.lowercase,
      MESSAGES.password.special,
    ]);
    expect(passwordProblems('Abcdefg1')).toEqual([MESSAGES.password.special]);
    expect(passwordProblems('Abcdef1!')).toEqual([]);
    for (const m of [
      MESSAGES.password.uppercase,
      MESSAGES.password.lowercase,
      MESSAGES.password.number,
      MESSAGES.password.special,
    ]) {
      expect(m.startsWith('Password must contain at least one')).toBe(true);
    }
  });

  it('accepts 8 to 64 characters (16 from a password manager), refuses 7 and 65', () => {
    expect(passwordField.safeParse('Abcde1!x').success).toBe(true);
    expect(passwordField.safeParse('Abcdefg1!x').success).toBe(true);
    // A 16-character password from a password manager (docs/adr/0020-password-maximum.md).
    expect(passwordField.safeParse('q7G#vL2m!Xp9$Rt4').success).toBe(true);
    const at64 = `Aa1!${'x'.repeat(60)}`;
    expect(passwordField.safeParse(at64).success).toBe(true);
    expect(passwordField.safeParse('Abcd1!x').success).toBe(false);
    const tooLong = passwordField.safeParse(`${at64}y`);
    expect(tooLong.error?.issues.map((i) => i.message)).toEqual([
      'Password must not exceed 64 characters',
    ]);
  });

  it('gives the first message per field in the sign-up contract', () => {
    const r = signUpBody.safeParse({ name: '', email: 'nope', password: 12 });
    expect(r.success).toBe(false);
    const byField = new Map<string, string>();
    for (const i of r.error?.issues ?? [])
      if (!byField.has(String(i.path[0]))) byField.set(String(i.path[0]), i.message);
    expect(byField.get('name')).toBe('Name is required');
    expect(byField.get('email')).toBe(MESSAGES.field.email);
    expect(byField.get('password')).toBe('Password must be text');
  });
});
