import { useState, type ReactNode } from 'react';
import { TextField } from '@/components/ui/text-field';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/**
 * The text of a list's search box, and `query`: the same trimmed, once typing has paused (what
 * the list asks the API with). A list whose `query` is not empty shows its no-match text.
 */
export function useListSearch() {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim());
  return { text, setText, query };
}

export interface ListSearchProps {
  /** The search box's label, its accessible name ("Search segments"). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The list's other filters (a status, an order), in one row beside the box, bottoms aligned. */
  children?: ReactNode;
}

/** The search box above a list page's table, with the list's other filters when it has some. */
export function ListSearch({ label, placeholder, value, onChange, children }: ListSearchProps) {
  return (
    <div className={children ? 'mb-4 flex flex-wrap items-end gap-3' : 'mb-4'}>
      <TextField
        label={label}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full max-w-sm"
      />
      {children}
    </div>
  );
}
