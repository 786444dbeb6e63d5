/**
 * A problem of docs/product/validation.md#58-flow-checks shown beside the part of the step it
 * concerns. Not an alert: the panel lists what still blocks publishing while the user edits, it is
 * not an error they just caused.
 */
export function StepHint({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-red-600">
      {message}
    </p>
  );
}
