import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { emailField, requiredText, tokenField, withoutNul } from './common';
import { passwordField } from './password';

export const signUpBody = z.object({
  name: requiredText('Name'),
  email: emailField,
  password: passwordField,
});
export type SignUpBody = z.infer<typeof signUpBody>;

/**
 * Sign-in only checks presence: the rules of docs/product/validation.md#53-password apply when a
 * password is chosen.
 */
export const signInBody = z.object({
  email: emailField,
  password: z
    .string({ error: MESSAGES.password.required })
    .min(1, { error: MESSAGES.password.required })
    .max(TEXT_MAX_LENGTH, { error: MESSAGES.field.tooLong(TEXT_MAX_LENGTH) }),
});
export type SignInBody = z.infer<typeof signInBody>;

export const emailOnlyBody = z.object({ email: emailField });
export type EmailOnlyBody = z.infer<typeof emailOnlyBody>;

/**
 * POST v1/auth/verify-email. `password` is the one chosen at the sign-up that mailed the link:
 * the mailbox owner proves both, so nobody else's sign-up can be verified with it. Answers a
 * session (`verifiedSessionSchema`): verifying signs the person in.
 */
export const verifyEmailBody = z.object({
  token: tokenField,
  password: z.string().max(256).optional(),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

export const resetPasswordBody = z.object({ token: tokenField, password: passwordField });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

const avatarField = z
  .string()
  .trim()
  .max(2048, { error: MESSAGES.field.tooLong(2048) })
  .refine((v) => v === '' || (/^https?:\/\/\S+$/i.test(v) && withoutNul(v)), {
    error: MESSAGES.field.avatar,
  });

export const updateMeBody = z.object({
  name: requiredText('Name'),
  avatar: avatarField.nullable().optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

export const changePasswordBody = z.object({
  current_password: z
    .string({ error: MESSAGES.field.required('Current password') })
    .min(1, { error: MESSAGES.field.required('Current password') })
    .max(TEXT_MAX_LENGTH, { error: MESSAGES.field.tooLong(TEXT_MAX_LENGTH) }),
  password: passwordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** Client-only forms add a confirmation field on top of the server contract. */
export const withConfirmation = <S extends z.ZodRawShape & { password: typeof passwordField }>(
  schema: z.ZodObject<S>,
) =>
  schema
    .extend({ confirm_password: z.string() })
    // Generic over the shape so callers keep their other fields (token, current_password) typed.
    .refine(
      (v) => {
        const { password, confirm_password } = v as { password: string; confirm_password: string };
        return password === confirm_password;
      },
      {
        path: ['confirm_password'],
        error: MESSAGES.field.passwordsMatch,
      },
    );

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
});
/** The current user (docs/product/entities.md#current-user). */
export type User = z.infer<typeof userSchema>;

export const sessionSchema = z.object({ token: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

/** POST v1/auth/verify-email: the address is verified and the person signed in. */
export const verifiedSessionSchema = sessionSchema.extend({ message: z.string() });
export type VerifiedSession = z.infer<typeof verifiedSessionSchema>;

/** GET v1/users/me/sessions: one signed-in browser of the user. */
export const activeSessionSchema = z.object({
  id: z.number().int(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
