import { useMemo, useState } from 'react';
import type { DataType } from '@/lib/conditions';
import type { CustomerCondition } from '@/lib/contracts/flows';
import type { AttributeOptionGroup } from '@/lib/contracts/customer-profiles';
import { conditionProblems } from '@/lib/flows/checks';
import { Spinner } from '@/components/layout/spinner';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/api/http';
import { useAttributeOptions } from '@/hooks/use-attribute-options';
import { blankRow, keptCustomerRows, rowsFrom, type ConditionDraftRow } from './condition-rows';
import type { AttributePickerGroup } from './condition-attribute-picker';
import { ConditionDialogFooter, ConditionDialogFrame } from './condition-dialog-frame';
import { ConditionProblems } from './condition-problems';
import { ConditionRowList } from './condition-row-list';
import type { ConditionDialogProps } from './dialog-types';

const toPickerGroups = (groups: readonly AttributeOptionGroup[]): AttributePickerGroup[] =>
  groups.map((g) => ({
    title: g.group,
    options: g.options.map((o) => ({ value: o.value, label: o.label, dataType: o.data_type })),
  }));

/**
 * Attribute & Metadata dialog (docs/product/screens.md#243-attribute-and-metadata-dialog): customer
 * conditions over attributes and metadata.
 */
export function AttributeConditionDialog(props: ConditionDialogProps<CustomerCondition[]>) {
  return (
    <ConditionDialogFrame open={props.open} title="Attribute & Metadata" onClose={props.onClose}>
      <AttributeConditionForm {...props} />
    </ConditionDialogFrame>
  );
}

function AttributeConditionForm({
  initial,
  brandId,
  readOnly = false,
  onSave,
  onClose,
}: ConditionDialogProps<CustomerCondition[]>) {
  const options = useAttributeOptions(brandId);
  const groups = useMemo(() => toPickerGroups(options.data ?? []), [options.data]);
  const [rows, setRows] = useState<ConditionDraftRow[]>(() =>
    initial?.length ? rowsFrom(initial, (c) => c.customer_key) : [blankRow()],
  );
  const [problems, setProblems] = useState<string[]>([]);

  const change = (next: ConditionDraftRow[]) => {
    setRows(next);
    setProblems([]);
  };
  const dataTypeOf = (key: string): DataType | undefined =>
    groups.flatMap((g) => g.options).find((o) => o.value === key)?.dataType;

  // The keep rule first (docs/product/validation.md#55-saving-customer-conditions): incomplete
  // rows are dropped silently. The kept rows then go through the value checks
  // (docs/product/validation.md#56-condition-value-checks), numbered as the dialog shows them;
  // nothing left removes the condition.
  const save = () => {
    const kept = keptCustomerRows(rows);
    const found = conditionProblems(
      kept.map((k) => k.condition),
      kept.map((k) => dataTypeOf(k.row.key)),
      kept.map((k) => k.number),
    );
    if (found.length > 0) return setProblems(found);
    onSave(kept.length > 0 ? kept.map((k) => k.condition) : null);
  };

  return (
    <div className="flex flex-col gap-4">
      {options.isPending ? (
        <div className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner size="sm" label="Loading attributes" />
          Loading attributes…
        </div>
      ) : options.isError ? (
        <FormAlert>
          {errorMessage(options.error)}{' '}
          <Button variant="ghost" size="sm" onClick={() => void options.refetch()}>
            Retry
          </Button>
        </FormAlert>
      ) : (
        <ConditionRowList
          rows={rows}
          onChange={change}
          groups={groups}
          optionsLoaded={options.isSuccess}
          readOnly={readOnly}
          emptyText="No conditions. Add one to target customers by attribute or metadata."
        />
      )}
      <ConditionProblems problems={problems} />
      <ConditionDialogFooter
        start={
          readOnly ? null : (
            <Button variant="ghost" size="sm" onClick={() => change([])}>
              Clear all
            </Button>
          )
        }
        onDiscard={onClose}
        submit={
          readOnly
            ? undefined
            : { label: 'Save changes', onClick: save, disabled: options.isPending }
        }
      />
    </div>
  );
}
