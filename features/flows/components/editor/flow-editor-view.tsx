import Link from 'next/link';
import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { NoBrandState } from '@/components/no-brand-state';
import { Spinner } from '@/components/layout/spinner';
import { FormAlert } from '@/components/ui/form-alert';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { useBrandStore } from '@/stores/brand';
import { useBuilderTargets } from '../../hooks/use-builder-targets';
import { useFlow } from '../../hooks/use-flow';
import { newDraft } from '../../lib/new-draft';
import { selectReadOnly, toBody, useFlowEditorStore } from '../../state/editor-store';
import { FlowCanvas } from './flow-canvas';
import { StepPanel } from './step-panel';
import { RetryAlert } from '@/components/ui/retry-alert';

/**
 * Reads the flow id of `/flows/[id]`; `/flows/create` (no id) edits a new flow, kept in memory
 * until its first save. Until the router is ready (the first render of a static page has no
 * query) the answer is 'pending'.
 */
function useFlowId(): number | null | 'invalid' | 'pending' {
  const { query, isReady } = useRouter();
  if (!isReady) return 'pending';
  if (query.id === undefined) return null;
  const id = Number(query.id);
  return Number.isInteger(id) && id > 0 ? id : 'invalid';
}

/**
 * The flow editor (docs/product/screens.md#24-flow-editor): the canvas of the flow and the editor
 * of the selected step.
 */
export function FlowEditorView() {
  const id = useFlowId();
  const brandId = useBrandStore((s) => s.brandId);
  const flow = useFlow(typeof id === 'number' ? id : null);
  const loadedId = useFlowEditorStore((s) => s.flowId);
  const hasDraft = useFlowEditorStore((s) => s.draft !== null);
  const readOnly = useFlowEditorStore(selectReadOnly);
  // Elements picked on the customer's site arrive over the socket (docs/builder.md).
  useBuilderTargets();

  // Load the stored flow once (or a new draft); a later refetch never replaces the edits.
  useEffect(() => {
    const store = useFlowEditorStore.getState();
    if (id === null && brandId !== null && (store.flowId !== null || !store.draft))
      store.load(newDraft(brandId));
    if (typeof id === 'number' && flow.data && store.flowId !== id)
      store.load(toBody(flow.data), { id, status: flow.data.status });
  }, [id, brandId, flow.data]);
  useEffect(() => () => useFlowEditorStore.getState().reset(), []);

  if (id === 'invalid' || flow.error?.status === 404)
    return (
      <FormAlert>
        {MESSAGES.flows.notFound}{' '}
        <Link href={paths.flows()} className="font-semibold underline">
          Back to Product Tour
        </Link>
      </FormAlert>
    );
  // Any other failure to load the flow's detail (docs/product/messages.md#flows).
  if (flow.error)
    return (
      <RetryAlert
        message={MESSAGES.flows.failedDetail(flow.error.message)}
        onRetry={() => void flow.refetch()}
      />
    );
  if (id === null && brandId === null) return <NoBrandState title="No tracked product" />;
  const ready = id !== 'pending' && hasDraft && (id === null || loadedId === id);
  if (!ready)
    return (
      <div className="flex h-64 items-center justify-center text-brand-600">
        <Spinner size="lg" label="Loading the flow" />
      </div>
    );
  return (
    <div className="-m-4 flex h-[calc(100vh-4rem)] md:-m-6">
      <div className="relative min-w-0 flex-1">
        {readOnly ? (
          <p className="absolute left-4 top-4 z-10 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 shadow-sm">
            This tour is published and read-only. Choose Edit to change it.
          </p>
        ) : null}
        <FlowCanvas readOnly={readOnly} />
      </div>
      <StepPanel />
    </div>
  );
}
