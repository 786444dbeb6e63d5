import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { MAX_URL_CONDITIONS, type UrlCondition } from '@/lib/contracts/flows';
import { urlConditionProblems } from '@/lib/flows/checks';
import { MESSAGES } from '@/lib/messages';
import {
  addUrlRow,
  canAddUrlRow,
  EMPTY_URL_ROWS,
  fromUrlRows,
  isEmptyUrlRows,
  removeUrlRow,
  toUrlRows,
  totalUrlRows,
  updateUrlRow,
  URL_LISTS,
} from '../../lib/url-rows';
import {
  ConditionDialogFooter,
  ConditionDialogFrame,
} from '@/components/conditions/condition-dialog-frame';
import type { ConditionDialogProps } from '@/components/conditions/dialog-types';
import { UrlConditionList } from './url-condition-list';

// Row ids only key React elements, so a module-wide sequence is enough
// (docs/product/entities.md#local-storage-cookie-and-generated-ids: prefix b_).
let rowSeq = 0;
const nextRowId = () => `b_${++rowSeq}`;

/**
 * URL Condition dialog (docs/product/screens.md#242-url-condition-dialog,
 * docs/product/validation.md#54-url-condition-dialog): pages that match and pages that are
 * excluded.
 */
export function UrlConditionDialog({
  open,
  initial,
  readOnly = false,
  onSave,
  onClose,
}: ConditionDialogProps<UrlCondition[]>) {
  return (
    <ConditionDialogFrame open={open} title="URL Condition" onClose={onClose}>
      <UrlConditionForm initial={initial} readOnly={readOnly} onSave={onSave} onClose={onClose} />
    </ConditionDialogFrame>
  );
}

type FormProps = Pick<ConditionDialogProps<UrlCondition[]>, 'initial' | 'onSave' | 'onClose'> & {
  readOnly: boolean;
};

function UrlConditionForm({ initial, readOnly, onSave, onClose }: FormProps) {
  const [rows, setRows] = useState(() => toUrlRows(initial, nextRowId));
  // Problems show after a refused save and then follow the edits, so fixing them clears them.
  const [refused, setRefused] = useState(false);
  const total = totalUrlRows(rows);
  const problems = refused ? urlConditionProblems(fromUrlRows(rows)) : [];
  const alerts = [
    ...new Set([
      ...problems,
      ...(total >= MAX_URL_CONDITIONS ? [MESSAGES.flows.maxUrlConditions] : []),
    ]),
  ];

  const save = () => {
    const next = fromUrlRows(rows);
    if (isEmptyUrlRows(rows)) onSave(null);
    else if (urlConditionProblems(next).length > 0) setRefused(true);
    else onSave(next);
  };

  return (
    <div className="flex flex-col gap-5">
      {URL_LISTS.map(({ kind, title }) => (
        <UrlConditionList
          key={kind}
          title={title}
          rows={rows[kind]}
          readOnly={readOnly}
          canAdd={canAddUrlRow(rows, kind)}
          showEmpty={refused}
          onAdd={() => setRows((r) => addUrlRow(r, kind, nextRowId()))}
          onRemove={(id) => setRows((r) => removeUrlRow(r, kind, id))}
          onChange={(id, patch) => setRows((r) => updateUrlRow(r, kind, id, patch))}
        />
      ))}
      {alerts.map((message) => (
        <FormAlert key={message}>{message}</FormAlert>
      ))}
      <ConditionDialogFooter
        start={
          readOnly ? null : (
            <Button
              variant="ghost"
              size="sm"
              disabled={total === 0}
              onClick={() => setRows(EMPTY_URL_ROWS)}
            >
              Clear all
            </Button>
          )
        }
        onDiscard={onClose}
        submit={readOnly ? undefined : { label: 'Save changes', onClick: save }}
      />
    </div>
  );
}
