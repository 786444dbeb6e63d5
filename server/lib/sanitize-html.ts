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

/** A slice of sanitising runs at most about this long before the event loop gets a turn. */
export const SANITIZE_SLICE_MS = 5;
let sliceStart = performance.now();

/**
 * Sanitises the steps' content one step at a time, letting the event loop run whenever a slice
 * has taken SANITIZE_SLICE_MS (a step is at most 20,000 characters, a few ms), so a large tour
 * never holds the server's thread for the whole of it (docs/flows.md, "The published-tour cache").
 * The clock is shared by every caller in the process.
 */
export async function sanitizeStepsInSlices<S extends { content: string }>(
  steps: readonly S[],
  sanitize: (html: string) => string = sanitizeStepHtml,
): Promise<S[]> {
  const out: S[] = [];
  for (const s of steps) {
    if (performance.now() - sliceStart >= SANITIZE_SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
    out.push({ ...s, content: sanitize(s.content) });
  }
  return out;
}
