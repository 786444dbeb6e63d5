/**
 * The inline style of a shadow host the page's CSS cannot reach, shared by the tours' host and
 * the builder's bar. Inline and !important: a page rule such as `* { display: none !important }`
 * also matches the host (it lives in the page's DOM); only the host's own style attribute
 * outranks it. `position` is the rest after `position:` (FREE, or the tours' confined variant).
 */
export const hostStyle = (position: string, zIndex: number | string) =>
  `all:initial;display:block;visibility:visible;opacity:1;top:0;left:0;position:${position};z-index:${zIndex}`.replace(
    /;|$/g,
    '!important;',
  );

/** Over the page: fixed, with no box of its own. */
export const FREE = 'fixed;width:0;height:0;overflow:visible';
