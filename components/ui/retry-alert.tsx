import type { ReactNode } from 'react';
import { FormAlert } from './form-alert';

/** A failed load: the reason and a "Try again" that loads again (one pattern for every list). */
export function RetryAlert({
  message,
  onRetry,
  className,
}: {
  message: ReactNode;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <FormAlert className={className}>
      {message}{' '}
      <button type="button" className="font-semibold underline" onClick={onRetry}>
        Try again
      </button>
    </FormAlert>
  );
}
