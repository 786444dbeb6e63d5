import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { MESSAGES } from '../messages';

const CLASSES = [
  { test: /[A-Z]/, message: MESSAGES.password.uppercase },
  { test: /[a-z]/, message: MESSAGES.password.lowercase },
  { test: /[0-9]/, message: MESSAGES.password.number },
  { test: /[^A-Za-z0-9]/, message: MESSAGES.password.special },
] as const;

/**
 * Password messages in the precedence of docs/product/validation.md#53-password: required, then
 * length, and only when the length is right the character-class messages, one per missing class.
 * See docs/adr/0003.
 */
export function passwordProblems(value: string): string[] {
  if (value.length === 0) return [MESSAGES.password.required];
  if (value.length < PASSWORD_MIN_LENGTH) return [MESSAGES.password.min];
  if (value.length > PASSWORD_MAX_LENGTH) return [MESSAGES.password.max];
  return CLASSES.filter((c) => !c.test.test(value)).map((c) => c.message);
}

export const passwordField = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? MESSAGES.password.required
        : MESSAGES.field.mustBeText('Password'),
  })
  .superRefine((value, ctx) => {
    for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message });
  });
