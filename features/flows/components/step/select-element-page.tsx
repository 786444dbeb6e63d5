import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

/** Props of `SelectElementPage`. */
export interface SelectElementPageProps {
  /** The page offered first: where the element was picked, or the product's site. */
  initialPage: string;
  /** What opening does, for the button's name: pick an element or play the tour. */
  action: string;
  busy: boolean;
  onOpen: (page: string) => void;
  onCancel: () => void;
}

/**
 * Asks which page of the customer's site the builder opens on. Not a <form>: the panel may sit
 * inside one, so Enter and Escape are handled here.
 */
export function SelectElementPage({
  initialPage,
  action,
  busy,
  onOpen,
  onCancel,
}: SelectElementPageProps) {
  const [page, setPage] = useState(initialPage);
  const open = () => onOpen(page.trim());
  return (
    <div
      role="group"
      aria-label={action}
      className="flex flex-wrap items-end gap-2 rounded-md border border-slate-200 bg-slate-50 p-2"
    >
      <TextField
        label="Page of your site"
        className="min-w-48 flex-1"
        value={page}
        placeholder="https://example.com/settings"
        maxLength={2048}
        autoFocus
        hint="Opens in a new tab, where the tour's snippet is installed."
        onChange={(e) => setPage(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            open();
          }
          if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          }
        }}
      />
      <Button size="sm" loading={busy} onClick={open}>
        Open page
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
