import sanitizeHtml from 'sanitize-html';
import { STEP_HTML } from '../../lib/flows/allow-list';

const copyLists = (lists: Readonly<Record<string, readonly string[]>>) =>
  Object.fromEntries(Object.entries(lists).map(([tag, list]) => [tag, [...list]]));

/**
 * The allow-list of `lib/flows/allow-list.ts` (shared with the SDK, which sanitises again before
 * rendering). Everything else is dropped: scripts and styles with their text, event handlers,
 * style attributes, and any URL that is not http(s) (or mailto for links). Sanitising twice gives
 * the same result as once, so saving a flow again never changes it.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...STEP_HTML.tags],
  allowedAttributes: copyLists(STEP_HTML.attributes),
  allowedSchemes: [...STEP_HTML.schemes],
  allowedSchemesByTag: copyLists(STEP_HTML.schemesByTag),
  allowedSchemesAppliedToAttributes: [...STEP_HTML.urlAttributes],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...STEP_HTML.droppedWithContent],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.target === '_blank' ? { target: '_blank' } : {}),
        rel: STEP_HTML.linkRel,
      },
    }),
  },
};

export function sanitizeStepHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
