import type {
  VerifyEmailBody,
  EmailOnlyBody,
  ResetPasswordBody,
  Session,
  SignInBody,
  SignUpBody,
  VerifiedSession,
} from '@/lib/contracts/auth';
import { http, unwrap } from './http';

/** `{ message }` answers of the account endpoints. */
export interface MessageResult {
  message: string;
}

export interface SignUpResult extends MessageResult {
  email: string;
}

export const signUp = (body: SignUpBody) =>
  unwrap<SignUpResult>(http.post('/v1/auth/sign-up', body, { skipAuth: true }));

export const signIn = (body: SignInBody) =>
  unwrap<Session>(http.post('/v1/auth/sign-in', body, { skipAuth: true }));

export const signOut = () => unwrap<MessageResult>(http.post('/v1/auth/sign-out'));

/** Verifies the address and signs the person in: a session like sign-in's. */
export const verifyEmail = (body: VerifyEmailBody) =>
  unwrap<VerifiedSession>(http.post('/v1/auth/verify-email', body, { skipAuth: true }));

export const resendVerification = (body: EmailOnlyBody) =>
  unwrap<MessageResult>(http.post('/v1/auth/resend-verification', body, { skipAuth: true }));

export const forgotPassword = (body: EmailOnlyBody) =>
  unwrap<MessageResult>(http.post('/v1/auth/forgot-password', body, { skipAuth: true }));

export const resetPassword = (body: ResetPasswordBody) =>
  unwrap<MessageResult>(http.post('/v1/auth/reset-password', body, { skipAuth: true }));
