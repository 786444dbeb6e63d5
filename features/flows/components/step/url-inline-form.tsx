import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

/** Props of `UrlInlineForm`. */
export interface UrlInlineFormProps {
  label: string;
  initialValue?: string;
  placeholder?: string;
  /** Returns whether the value is acceptable. */
  isValid: (value: string) => boolean;
  invalidMessage: string;
  onApply: (value: string) => void;
  onCancel: () => void;
  /** An extra action, e.g. "Remove link" when editing an existing link. */
  onRemove?: () => void;
  removeLabel?: string;
}

/**
 * A small URL entry under the toolbar (instead of window.prompt). Not a <form>: the panel may
 * sit inside one, so Enter and Escape are handled here.
 */
export function UrlInlineForm({
  label,
  initialValue = '',
  placeholder,
  isValid,
  invalidMessage,
  onApply,
  onCancel,
  onRemove,
  removeLabel,
}: UrlInlineFormProps) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string>();

  const apply = () => {
    const v = value.trim();
    if (!isValid(v)) {
      setError(invalidMessage);
      return;
    }
    onApply(v);
  };

  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-wrap items-end gap-2 rounded-md border border-slate-200 bg-slate-50 p-2"
    >
      <TextField
        label={label}
        className="min-w-48 flex-1"
        value={value}
        placeholder={placeholder}
        maxLength={2048}
        autoFocus
        error={error}
        onChange={(e) => {
          setValue(e.target.value);
          setError(undefined);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          }
          if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          }
        }}
      />
      <Button size="sm" onClick={apply}>
        Apply
      </Button>
      {onRemove ? (
        <Button size="sm" variant="secondary" onClick={onRemove}>
          {removeLabel}
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
