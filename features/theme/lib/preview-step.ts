import type { FlowStep } from '@/lib/contracts/flows';

/** Step types the live preview plays (modals take focus and trap Tab, so they are left out). */
export const PREVIEW_TYPES = [
  { value: 'tool_tip', label: 'Tooltip' },
  { value: 'speech_bubble', label: 'Speech bubble' },
  { value: 'banner', label: 'Banner' },
] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number]['value'];

/** The sample step of the preview: a title, a line of text, a secondary and a primary button. */
export function previewStep(type: PreviewType): FlowStep {
  return {
    id: 'preview',
    type,
    content: '<h3>Welcome aboard</h3><p>This is how your tours look on your site.</p>',
    select_element: type === 'tool_tip' ? { url: '', selector: '[data-preview-target]' } : null,
    element_actions: [],
    buttons: [
      { id: 'skip', label: 'Skip', background_color: '#2563eb', color: '#ffffff', actions: [] },
      { id: 'next', label: 'Next', background_color: '#2563eb', color: '#ffffff', actions: [] },
    ],
  };
}
