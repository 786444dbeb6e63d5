import type { FlowStep } from '../../../lib/contracts/flows';
import { safeLink } from './urls';

/** How a step's background image is laid out; parsed from `background_image_options`. */
export interface BackgroundOptions {
  size: string;
  position: string;
  repeat: string;
}

const DEFAULTS: BackgroundOptions = { size: 'cover', position: 'center', repeat: 'no-repeat' };
const LENGTH = '(?:0|\\d{1,4}(?:\\.\\d{1,2})?(?:px|%|em|rem|vw|vh))';
const SIDE = `(?:left|right|top|bottom|center|${LENGTH})`;
// Only keywords and plain lengths: the value never reaches CSS as free text.
const SIZE = new RegExp(`^(?:cover|contain|(?:auto|${LENGTH})(?: (?:auto|${LENGTH}))?)$`);
const POSITION = new RegExp(`^${SIDE}(?: ${SIDE})?$`);
const REPEAT = /^(?:repeat|no-repeat|repeat-x|repeat-y|space|round)$/;

function pick(value: unknown, pattern: RegExp, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const v = value.trim().toLowerCase().replace(/\s+/g, ' ');
  return pattern.test(v) ? v : fallback;
}

/** Reads the JSON options; bad JSON or a value outside the allowed keywords falls back. */
export function parseBackgroundOptions(json: string | null | undefined): BackgroundOptions {
  let raw: unknown = null;
  try {
    raw = JSON.parse(json ?? '');
  } catch {
    // not JSON: defaults
  }
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return {
    size: pick(o.size, SIZE, DEFAULTS.size),
    position: pick(o.position, POSITION, DEFAULTS.position),
    repeat: pick(o.repeat, REPEAT, DEFAULTS.repeat),
  };
}

/** Sets the step's background image on `el` when its URL is http(s) or a same-site path. */
export function applyBackground(el: HTMLElement, step: FlowStep): void {
  const url = safeLink(step.background_image_url);
  if (!url) return;
  const options = parseBackgroundOptions(step.background_image_options);
  // Characters that could end the url("…") token are percent-encoded.
  const escaped = url.replace(
    /["'()\\\s\x00-\x1f]/g,
    (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  Object.assign(el.style, {
    backgroundImage: `url("${escaped}")`,
    backgroundSize: options.size,
    backgroundPosition: options.position,
    backgroundRepeat: options.repeat,
  });
}
