import type { UpdateMeBody } from '../../../lib/contracts/auth';
import { toUserDto, type UserRow, type UsersRepository } from './users.repository';

/** The signed-in user's own account details (name, avatar). */
export function createUsersService(deps: {
  users: UsersRepository;
  /** Told after a change so cached sessions show the new details at once. */
  onChanged?: (userId: string) => Promise<void>;
}) {
  return {
    me: (user: UserRow) => toUserDto(user),
    async updateMe(user: UserRow, body: UpdateMeBody) {
      // No avatar in the body keeps the current one; an empty one removes it.
      const avatar = body.avatar === undefined ? user.avatar : body.avatar || null;
      const row = await deps.users.update(user.id, { name: body.name, avatar });
      await deps.onChanged?.(user.id);
      return toUserDto(row ?? user);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
