import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Flow } from '@/lib/contracts/flows';
import { builderTargetSavedSchema } from '@/lib/contracts/builder';
import { BUILDER_TARGET_EVENT } from '@/lib/contracts/builder-constants';
import { useSocket } from '@/components/providers/socket-provider';
import { withPickedTarget } from '../lib/builder-target';
import { flowKeys } from '../lib/query-keys';
import { useFlowEditorStore } from '../state/editor-store';

/** How often to look for the socket while the provider has not opened it yet. */
const SOCKET_RETRY_MS = 1000;

/**
 * While the editor is open, every element the builder saves for this tour (the
 * `builder-target` event of the owner's room, docs/builder.md) lands in the editor at once: in
 * the saved copy and in the draft, keeping the draft's other unsaved edits.
 */
export function useBuilderTargets() {
  const { getSocket } = useSocket();
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const socket = getSocket();
    // The provider opens the socket in its own effect (after ours on a first render): retry.
    if (!socket) {
      const timer = setTimeout(() => setAttempt((n) => n + 1), attempt === 0 ? 0 : SOCKET_RETRY_MS);
      return () => clearTimeout(timer);
    }
    const onTarget = (payload: unknown) => {
      const pick = builderTargetSavedSchema.safeParse(payload);
      if (!pick.success) return;
      const { flow_id, step_id, select_element, updated_at } = pick.data;
      const next = withPickedTarget(useFlowEditorStore.getState(), pick.data, Date.now());
      if (next) useFlowEditorStore.setState(next);
      // The cached copy the editor opens from next time holds the pick too.
      queryClient.setQueryData<Flow>(flowKeys.detail(flow_id), (old) =>
        old
          ? {
              ...old,
              updated_at,
              steps: old.steps.map((s) => (s.id === step_id ? { ...s, select_element } : s)),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: flowKeys.lists() });
    };
    socket.on(BUILDER_TARGET_EVENT, onTarget);
    return () => {
      socket.off(BUILDER_TARGET_EVENT, onTarget);
    };
  }, [getSocket, queryClient, attempt]);
}
