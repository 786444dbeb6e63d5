import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { CustomerCondition } from '@/lib/contracts/flows';
import { conditionProblems } from '@/lib/flows/checks';
import { summarizeCustomer } from '@/components/conditions/condition-summary';
import { AttributeConditionDialog } from '@/components/conditions/attribute-condition-dialog';

/** Props of the audience section: the flow's `attribute_conditions` and where changes go. */
export interface AudienceConditionsProps {
  conditions: readonly CustomerCondition[];
  onChange: (conditions: CustomerCondition[]) => void;
  brandId: number;
  readOnly?: boolean;
}

/**
 * The flow's own attribute conditions (`attribute_conditions`, docs/product/entities.md#flow): the
 * customer attributes and metadata a customer must match to see the tour, on top of the trigger
 * conditions whatever their operator (docs/flows.md). They are edited in the Attribute & Metadata
 * dialog (docs/product/screens.md#243-attribute-and-metadata-dialog) with its rules; an empty
 * save leaves every customer in.
 */
export function AudienceConditions({
  conditions,
  onChange,
  brandId,
  readOnly = false,
}: AudienceConditionsProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  // Problems of conditions stored without the dialog (docs/product/validation.md#58-flow-checks).
  const problems = conditionProblems(conditions);
  const label = readOnly ? 'View audience' : conditions.length ? 'Edit audience' : 'Set audience';
  return (
    <section aria-labelledby={headingId} className="mt-4 border-t border-slate-100 pt-3">
      <h4 id={headingId} className="mb-1 text-sm font-medium text-slate-800">
        Audience
      </h4>
      <p className="text-sm text-slate-700">
        {conditions.length ? summarizeCustomer(conditions) : 'Every customer the trigger matches.'}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        Customers must also match these attribute conditions, whatever the trigger.
      </p>
      {problems.length ? (
        <p className="mt-1 text-xs font-medium text-amber-700">{problems.join(', ')}</p>
      ) : null}
      {readOnly && conditions.length === 0 ? null : (
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      <AttributeConditionDialog
        open={open}
        initial={conditions.length ? [...conditions] : null}
        brandId={brandId}
        readOnly={readOnly}
        onSave={(next) => {
          if (!readOnly) onChange(next ?? []);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </section>
  );
}
