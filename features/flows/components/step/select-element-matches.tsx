import { useEffect, useRef, useState } from 'react';
import { sendBuilderProbe } from '@/api/builder';
import { BUILDER_PROBE_EVENT, builderProbeCountSchema } from '@/lib/contracts/builder-probe';
import { useSocket } from '@/components/providers/socket-provider';
import { useFlowEditorStore } from '../../state/editor-store';

/** Quiet time after the last keystroke before the selector is sent. */
export const PROBE_DEBOUNCE_MS = 300;
/** How often to look for the socket while the provider has not opened it yet. */
const SOCKET_RETRY_MS = 1000;

/** What the line under the field says. */
type Shown =
  | { state: 'counting'; selector: string }
  | { state: 'none-open' }
  | { state: 'count'; selector: string; count: number };

/** "No element matches", "1 match", "3 matches". */
const matchesText = (count: number) =>
  count === 0 ? 'No element matches' : `${count} ${count === 1 ? 'match' : 'matches'}`;

/**
 * The live match count of the Advanced selector field (docs/builder.md, "Live match count"):
 * each selector typed (after a short pause) goes to the builder pages open for this step, which
 * count it on their page; the count arrives over the app's socket as `builder-probe`.
 */
export function SelectElementMatches({ stepId, selector }: { stepId: string; selector: string }) {
  const flowId = useFlowEditorStore((s) => s.flowId);
  const wanted = selector.trim();
  const [shown, setShown] = useState<Shown | null>(null);
  const { getSocket } = useSocket();
  const [attempt, setAttempt] = useState(0);
  // The socket's handler reads the selector shown now: a count of one typed before is dropped.
  const wantedRef = useRef(wanted);
  useEffect(() => {
    wantedRef.current = wanted;
  }, [wanted]);

  useEffect(() => {
    if (flowId === null || !wanted) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      sendBuilderProbe(flowId, { step_id: stepId, selector: wanted }).then(
        ({ open_pages }) => {
          if (cancelled) return;
          setShown((now) =>
            // A count of this selector may have come first (the socket is fast).
            now?.state === 'count' && now.selector === wanted
              ? now
              : open_pages
                ? { state: 'counting', selector: wanted }
                : { state: 'none-open' },
          );
        },
        () => !cancelled && setShown(null),
      );
    }, PROBE_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [flowId, stepId, wanted]);

  useEffect(() => {
    const socket = getSocket();
    // The provider opens the socket in its own effect (after ours on a first render): retry.
    if (!socket) {
      const timer = setTimeout(() => setAttempt((n) => n + 1), attempt === 0 ? 0 : SOCKET_RETRY_MS);
      return () => clearTimeout(timer);
    }
    const onCount = (payload: unknown) => {
      const found = builderProbeCountSchema.safeParse(payload);
      if (!found.success) return;
      const { flow_id, step_id, selector: counted, count } = found.data;
      if (flow_id === flowId && step_id === stepId && counted === wantedRef.current)
        setShown({ state: 'count', selector: counted, count });
    };
    socket.on(BUILDER_PROBE_EVENT, onCount);
    return () => {
      socket.off(BUILDER_PROBE_EVENT, onCount);
    };
  }, [getSocket, attempt, flowId, stepId]);

  let text: string | null = null;
  if (!wanted || !shown) text = null;
  else if (shown.state === 'none-open')
    text =
      'Open the page with Select element to see how many elements this selector matches there.';
  else if (shown.selector !== wanted) text = null;
  else if (shown.state === 'counting')
    text = 'Counting the matches on the page open in the builder…';
  else text = `On the page open in the builder: ${matchesText(shown.count)}.`;
  return (
    <p aria-live="polite" className="text-xs text-slate-600">
      {text}
    </p>
  );
}
