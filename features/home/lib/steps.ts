// Types only: the contract's schema library stays out of the route's first load.
import type { HomeChecklist, HomeStep } from '@/lib/contracts/home';
import { paths } from '@/lib/paths';

/** One step of the getting-started checklist and where it is done (docs/home.md). */
export interface ChecklistStep {
  key: HomeStep;
  title: string;
  description: string;
  href: string;
  /** The link's text: the page the step is done on. */
  action: string;
}

/** In the order the checklist shows them. */
const STEPS: Record<HomeStep, Omit<ChecklistStep, 'key'>> = {
  product_created: {
    title: 'Create a tracked product',
    description: 'Add the website or app you want to follow in Product Tracking.',
    href: paths.brands(),
    action: 'Go to Product Tracking',
  },
  snippet_installed: {
    title: 'Install the snippet',
    description: 'Add the tracking snippet to your site: done when the first event arrives.',
    href: paths.integrations(),
    action: 'Go to Integration',
  },
  event_defined: {
    title: 'Define an event',
    description: 'Name an event your product sends so reports and tours can use it.',
    href: paths.eventCreate(),
    action: 'Create an event',
  },
  tour_published: {
    title: 'Publish a product tour',
    description: 'Guide your customers with a modal, tooltip or banner.',
    href: paths.flowCreate(),
    action: 'Create a product tour',
  },
  report_or_link_created: {
    title: 'Create a report or a short link',
    description:
      'Save a trend, funnel or retention report of your events, or shorten a campaign link to count its clicks.',
    href: paths.reportCreate(),
    action: 'Create a report',
  },
};

/** The steps in the order the checklist shows them. */
export const CHECKLIST_STEPS: readonly ChecklistStep[] = (Object.keys(STEPS) as HomeStep[]).map(
  (key) => ({ key, ...STEPS[key] }),
);

/** How many steps are done, of how many. */
export function checklistProgress(checklist: HomeChecklist): { done: number; total: number } {
  return {
    done: CHECKLIST_STEPS.filter((step) => checklist[step.key]).length,
    total: CHECKLIST_STEPS.length,
  };
}
