import { FlowEditorHeader } from '@/features/flows/components/editor/flow-editor-header';
import { FlowEditorView } from '@/features/flows/components/editor/flow-editor-view';
import { newDraft } from '@/features/flows/lib/new-draft';
import type { Flow } from '@/lib/contracts/flows';
import { addFlow } from '../mocks/flows.handlers';
import { setRoute } from '../setup/router';
import { renderWithProviders, signedInWithBrand } from './test-utils';

/** The editor as the flow pages render it: its header and its view. */
export const renderEditor = () =>
  renderWithProviders(
    <>
      <FlowEditorHeader />
      <FlowEditorView />
    </>,
  );

/** A saved tour "Onboarding" of a new user's product, opened at /flows/{id}. */
export function seedTour(over: Partial<Flow> = {}) {
  const brand = signedInWithBrand();
  const flow = addFlow({ ...newDraft(brand.id), name: 'Onboarding', ...over });
  setRoute('/flows/[id]', { id: String(flow.id) });
  return flow;
}
