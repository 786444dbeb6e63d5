import type { NextPageWithLayout } from '@/components/layout/types';
import { FlowEditorHeader } from '@/features/flows/components/editor/flow-editor-header';
import { FlowEditorView } from '@/features/flows/components/editor/flow-editor-view';

const FlowCreatePage: NextPageWithLayout = () => <FlowEditorView />;
FlowCreatePage.renderHeader = () => <FlowEditorHeader />;
export default FlowCreatePage;
