import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import type { FlowBody } from '@/lib/contracts/flows';
import { flowProblems } from '@/lib/flows/checks';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { TriggerConditionsPanel } from '../conditions/trigger-conditions-panel';

/**
 * Publish Flow (docs/product/screens.md#publish-flow): the start conditions read-only, the way to
 * the install instructions, and "Publish now". While docs/product/validation.md#58-flow-checks
 * finds problems they are listed and publishing is refused.
 */
export function PublishDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  flow: FlowBody;
  pending: boolean;
  onPublish: () => void;
}) {
  const problems = flowProblems(props.flow);
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Publish Flow"
      className="max-w-lg"
    >
      {problems.length > 0 ? (
        <FormAlert className="mb-4">
          <p className="font-medium">{MESSAGES.flows.cannotPublish}</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </FormAlert>
      ) : null}
      <h3 className="mb-2 text-sm font-medium text-slate-800">Start conditions</h3>
      <div className="mb-4 rounded-lg border border-slate-200 p-3">
        <TriggerConditionsPanel
          condition={props.flow.condition}
          onChange={() => {}}
          brandId={props.flow.brand_id}
          readOnly
        />
      </div>
      <p className="mb-5 text-sm text-slate-600">
        Customers see the tour on pages that load the Signpost script.{' '}
        <Link
          href={paths.integrations('flows-integrations')}
          className="font-medium text-brand-700 underline"
        >
          View install instructions
        </Link>
      </p>
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => props.onOpenChange(false)}
          disabled={props.pending}
        >
          Cancel
        </Button>
        <Button onClick={props.onPublish} loading={props.pending} disabled={problems.length > 0}>
          Publish now
        </Button>
      </div>
    </Dialog>
  );
}
