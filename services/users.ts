import type { ChangePasswordBody, UpdateMeBody, User } from '@/lib/contracts/auth';
import type { Subscription } from '@/lib/contracts/plans';
import { http, unwrap } from './http';
import type { MessageResult } from './auth';

export const getMe = (signal?: AbortSignal) => unwrap<User>(http.get('/v1/users/me', { signal }));

export const updateMe = (body: UpdateMeBody) => unwrap<User>(http.put('/v1/users/me', body));

export const changePassword = (body: ChangePasswordBody) =>
  unwrap<MessageResult>(http.put('/v1/users/me/password', body));

export const getSubscription = (signal?: AbortSignal) =>
  unwrap<Subscription>(http.get('/v1/users/me/subscription', { signal }));
