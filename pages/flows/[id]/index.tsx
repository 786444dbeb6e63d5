import dynamic from 'next/dynamic';
import type { NextPageWithLayout } from '@/components/layout/types';
import { PageSpinner } from '@/components/layout/spinner';

// The canvas and the rich-text editor load after the page shell (docs/performance.md, "Route
// weight"): the route's first load stays within budget.
const FlowEditorView = dynamic(
  () => import('@/features/flows/components/editor/flow-editor-view').then((m) => m.FlowEditorView),
  { ssr: false, loading: () => <PageSpinner /> },
);
const FlowEditorHeader = dynamic(
  () =>
    import('@/features/flows/components/editor/flow-editor-header').then((m) => m.FlowEditorHeader),
  { ssr: false },
);

const FlowEditorPage: NextPageWithLayout = () => <FlowEditorView />;
FlowEditorPage.renderHeader = () => <FlowEditorHeader />;
export default FlowEditorPage;
