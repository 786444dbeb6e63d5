/** The user fields the shell displays. */
export interface DisplayUser {
  email: string;
  name?: string | null;
  avatar?: string | null;
}

/**
 * Only http and https avatars are rendered as images
 * (docs/product/screens.md#22-layout-and-session-rules).
 */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The name, or else the local part of the e-mail. */
export function displayName(user: DisplayUser): string {
  const name = user.name?.trim();
  if (name) return name;
  return user.email.split('@')[0] ?? user.email;
}

/** Upper-case first letter of the display name, for the avatar fallback. */
export function initialOf(user: DisplayUser): string {
  const first = Array.from(displayName(user))[0];
  return (first ?? '?').toUpperCase();
}
