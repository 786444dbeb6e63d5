import type { ActiveSession, ChangePasswordBody, UpdateMeBody, User } from '@/lib/contracts/auth';
import type { Subscription } from '@/lib/contracts/plans';
import { http, unwrap } from './http';
import type { MessageResult } from './auth';

export const getMe = (signal?: AbortSignal) => unwrap<User>(http.get('/v1/users/me', { signal }));

export const updateMe = (body: UpdateMeBody) => unwrap<User>(http.put('/v1/users/me', body));

export const changePassword = (body: ChangePasswordBody) =>
  unwrap<MessageResult>(http.put('/v1/users/me/password', body));

export const getSubscription = (signal?: AbortSignal) =>
  unwrap<Subscription>(http.get('/v1/users/me/subscription', { signal }));

/** The signed-in user's live sessions (devices), most recently used first. */
export const getSessions = (signal?: AbortSignal) =>
  unwrap<ActiveSession[]>(http.get('/v1/users/me/sessions', { signal }));

export const revokeSession = (id: number) =>
  unwrap<MessageResult>(http.delete(`/v1/users/me/sessions/${id}`));

export const revokeOtherSessions = () =>
  unwrap<MessageResult>(http.post('/v1/users/me/sessions/sign-out-others'));
