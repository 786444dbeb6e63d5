import { useState } from 'react';
import { isOptimisedImage } from '@/lib/image-hosts';
import { displayName, initialOf, isHttpUrl, type DisplayUser } from '@/lib/user-display';

const SIZE_PX = 32;
/** Quality of optimised images (docs/product/constants.md#images). */
const QUALITY = 75;

/** The optimisation path of an image (docs/product/api.md#realtime-images-and-query-cache). */
export const optimisedImage = (url: string, width: number) =>
  `/_next/image?url=${encodeURIComponent(url)}&w=${width}&q=${QUALITY}`;

/**
 * The avatar image when it is an http(s) URL, otherwise (or when it does not load) the initial on
 * a coloured disc. On an allow-listed avatar service (lib/image-hosts.ts) browsers take the
 * resized, re-encoded copies of the optimisation path from `srcSet` (1x and 2x); any other host
 * is loaded as it is (the optimiser fetches nothing else). `src` keeps the original.
 */
export function UserAvatar({ user }: { user: DisplayUser }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (isHttpUrl(user.avatar) && broken !== user.avatar) {
    const avatar = user.avatar;
    return (
      // eslint-disable-next-line @next/next/no-img-element -- any host; only some are optimised
      <img
        data-testid="user-avatar"
        src={avatar}
        srcSet={
          isOptimisedImage(avatar)
            ? `${optimisedImage(avatar, SIZE_PX)} 1x, ${optimisedImage(avatar, SIZE_PX * 2)} 2x`
            : undefined
        }
        width={SIZE_PX}
        height={SIZE_PX}
        alt={`${displayName(user)} avatar`}
        referrerPolicy="no-referrer"
        onError={() => setBroken(avatar)}
        className="h-8 w-8 shrink-0 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      data-testid="user-initial"
      aria-hidden="true"
      className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
    >
      {initialOf(user)}
    </span>
  );
}
