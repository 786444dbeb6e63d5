import type { StepType } from '@/lib/contracts/flows';

/** How each step type is named in the editor. */
export const STEP_TYPE_LABELS: Record<StepType, string> = {
  modal: 'Modal',
  tool_tip: 'Tooltip',
  speech_bubble: 'Speech bubble',
  banner: 'Banner',
};

/** The text of a step's HTML content, collapsed and cut to `max` characters. */
export function contentExcerpt(html: string, max = 80): string {
  const text = html
    .replace(/<(br|\/p|\/h\d|\/li)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
