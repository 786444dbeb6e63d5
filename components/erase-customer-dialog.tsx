import { useState } from 'react';
import type { ApiError } from '@/api/http';
import type { EraseBody, ErasureMode } from '@/lib/contracts/erasure';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';

const MODES: Record<ErasureMode, { label: string; hint: string }> = {
  delete: {
    label: 'Delete everything',
    hint: 'The profile, every event and tour session of this customer.',
  },
  redact: {
    label: 'Keep anonymous events',
    hint: 'Events stay for your counts, without the id, traits, IP or other personal values.',
  },
};

/** What the dialog reads of the caller's erase mutation (POST /v1/customer-profiles/{id}/erase). */
export interface EraseMutation {
  mutate: (body: EraseBody) => void;
  isPending: boolean;
  error: ApiError | null;
}

/**
 * The "Erase customer" dialog (docs/data-rights.md, "Erasure"): mode, suppression, confirm. Shared
 * by a customer's profile page and Settings → Data; each passes its own mutation and reacts to
 * its success.
 */
export function EraseCustomerDialog({
  who,
  open,
  onOpenChange,
  erase,
}: {
  who: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  erase: EraseMutation;
}) {
  const [mode, setMode] = useState<ErasureMode>('delete');
  const [suppress, setSuppress] = useState(false);
  const setOpen = onOpenChange;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !erase.isPending && setOpen(next)}
      title={`Erase ${who}?`}
      description="This cannot be undone. The profile goes now; the rest within a minute."
    >
      <form
        aria-label="Erase customer"
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          erase.mutate({ mode, suppress });
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">What to erase</legend>
          {(Object.keys(MODES) as ErasureMode[]).map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name="mode"
                value={value}
                className="mt-0.5"
                checked={mode === value}
                onChange={() => setMode(value)}
              />
              <span>
                <span className="font-medium text-slate-900">{MODES[value].label}</span>
                <span className="block text-slate-600">{MODES[value].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5"
            checked={suppress}
            onChange={(e) => setSuppress(e.target.checked)}
          />
          <span>
            <span className="font-medium text-slate-900">Stop tracking this customer</span>
            <span className="block text-slate-600">
              Their later events are dropped when they arrive.
            </span>
          </span>
        </label>
        {erase.error ? <FormAlert>{erase.error.message}</FormAlert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={erase.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={erase.isPending}>
            Erase
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
