import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import StarterKit from '@tiptap/starter-kit';
import { SAFE_LINK } from '@/lib/contracts/flows';

/**
 * Links in step content: http(s), mailto, or relative (`/x`, `./x`, `../x`, `#x`); never `//host`
 * or `/\host`, which browsers read as another host.
 */
export const CONTENT_LINK = /^(https?:\/\/|mailto:|\/(?![/\\])|\.{1,2}\/|#)/i;

/** Image sources: the contract's rule (http(s) or a path on the same site), never data: URLs. */
export const isSafeImageSrc = (src: string) => SAFE_LINK.test(src.trim());

// One shared array: useEditor compares extensions by identity on every render.
export const CONTENT_EXTENSIONS = [
  // StarterKit 3 bundles Link; it is replaced below by one with our rules. Horizontal rules are
  // off: the step allow-list (lib/flows/allow-list.ts) has no <hr>, so saving would drop them.
  StarterKit.configure({ link: false, horizontalRule: false, heading: { levels: [1, 2] } }),
  Link.configure({
    openOnClick: false,
    isAllowedUri: (url) => CONTENT_LINK.test(url),
    shouldAutoLink: (url) => /^https?:\/\//i.test(url),
  }),
  Image.configure({ allowBase64: false }),
];
