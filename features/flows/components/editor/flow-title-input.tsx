import { useId, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { FieldError } from '@/components/ui/field-error';
import { titleProblem } from '@/lib/flows/checks';

/**
 * The flow's editable title (docs/product/screens.md#22-layout-and-session-rules,
 * docs/product/validation.md#52-flow-title): checked on Enter and on blur; a valid title is applied
 * to the draft, an invalid one shows its message and is not applied. A name changed elsewhere (a
 * save, a reload) replaces what is typed.
 */
export function FlowTitleInput(props: {
  name: string;
  onChange: (name: string) => void;
  /** Told the title's problem on each check (null once it is valid). */
  onProblem?: (problem: string | null) => void;
  readOnly?: boolean;
}) {
  const [text, setText] = useState(props.name);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const [shown, setShown] = useState(props.name);
  if (shown !== props.name) {
    setShown(props.name);
    setText(props.name);
    setError(null);
  }

  const commit = () => {
    const problem = titleProblem(text);
    setError(problem);
    props.onProblem?.(problem);
    if (!problem && text.trim() !== props.name) props.onChange(text.trim());
  };
  return (
    <div className="relative min-w-0 max-w-md flex-1">
      <input
        aria-label="Flow title"
        value={text}
        readOnly={props.readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
        className={cn(
          'h-9 w-full truncate rounded-md border border-transparent bg-transparent px-2 text-base font-semibold text-slate-900 hover:border-slate-300 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-200',
          error && 'border-red-400',
        )}
      />
      <div className="absolute left-2 top-full z-10 bg-white">
        <FieldError id={errorId} message={error ?? undefined} />
      </div>
    </div>
  );
}
