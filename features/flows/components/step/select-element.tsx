import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import type { BuilderMode } from '@/lib/contracts/builder-constants';
import type { FlowStep } from '@/lib/contracts/flows';
import { paths } from '@/lib/paths';
import type { ApiError } from '@/api/http';
import { useBrandDomain } from '../../hooks/use-brand-domain';
import { useBuilderSession } from '../../hooks/use-builder-session';
import { defaultBuilderPage, isPicked } from '../../lib/builder-target';
import { useFlowEditorStore } from '../../state/editor-store';
import { SelectElementPage } from './select-element-page';
import { SelectElementSummary } from './select-element-summary';

const ACTIONS: Record<BuilderMode, string> = {
  pick: 'Select element',
  preview: 'Preview on site',
};
const OPENED: Record<BuilderMode, string> = {
  pick: 'The page opened in a new tab: click the element there and choose Use this element. It shows here at once.',
  preview: 'The tour plays in a new tab, as last saved, for you only.',
};

/**
 * Picking a tooltip's element on the customer's own page, and playing the tour there, through a
 * builder session (docs/builder.md): asks for the page, opens it in a new tab, and shows the
 * element once the builder saved it (the editor hears it over the socket, `useBuilderTargets`).
 */
export function SelectElementControls({
  step,
  readOnly,
  onOpened,
}: {
  step: FlowStep;
  readOnly: boolean;
  /** A builder page was opened for this step (the live match count starts asking it). */
  onOpened?: (mode: BuilderMode) => void;
}) {
  const flowId = useFlowEditorStore((s) => s.flowId);
  const stepSaved = useFlowEditorStore((s) => !!s.saved?.steps.some((x) => x.id === step.id));
  const brandId = useFlowEditorStore((s) => s.draft?.brand_id);
  const domain = useBrandDomain(brandId);
  const [asking, setAsking] = useState<BuilderMode | null>(null);
  const [opened, setOpened] = useState<{ mode: BuilderMode; url: string } | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const session = useBuilderSession({
    onSuccess: (s, launch) => {
      setAsking(null);
      setOpened({ mode: launch.mode, url: s.open_url });
      onOpened?.(launch.mode);
    },
    onError: setRefusal,
  });
  const target = step.select_element;
  const launchable = flowId !== null && stepSaved;

  const ask = (mode: BuilderMode) => {
    setAsking(mode);
    setOpened(null);
    setRefusal(null);
  };
  const open = (mode: BuilderMode, url: string) => {
    if (flowId === null) return;
    setRefusal(null);
    session.mutate({ flowId, step_id: step.id, url, mode });
  };

  return (
    <div className="flex flex-col gap-2">
      {target && isPicked(target) ? <SelectElementSummary target={target} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={readOnly || !launchable}
          aria-expanded={asking === 'pick'}
          onClick={() => ask('pick')}
        >
          {ACTIONS.pick}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!launchable}
          aria-expanded={asking === 'preview'}
          onClick={() => ask('preview')}
        >
          {ACTIONS.preview}
        </Button>
      </div>
      {!launchable ? (
        <p className="text-xs text-slate-500">
          Save the tour first: the page opens with the tour as saved.
        </p>
      ) : null}
      {asking ? (
        <SelectElementPage
          key={asking}
          action={ACTIONS[asking]}
          initialPage={defaultBuilderPage(target?.url, domain)}
          busy={session.isPending}
          onOpen={(url) => open(asking, url)}
          onCancel={() => {
            setAsking(null);
            setRefusal(null);
          }}
        />
      ) : null}
      {refusal ? (
        <FormAlert>
          {refusal.message}{' '}
          {refusal.code === 'origin_not_allowed' ? (
            <Link href={paths.brands()} className="font-semibold underline">
              Open Product Tracking
            </Link>
          ) : null}
        </FormAlert>
      ) : null}
      {opened ? (
        <FormAlert tone="info">
          {OPENED[opened.mode]}{' '}
          <a
            href={opened.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold underline"
          >
            Not opened? Open the page
          </a>
        </FormAlert>
      ) : null}
    </div>
  );
}
