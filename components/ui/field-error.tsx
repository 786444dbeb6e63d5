/** One red validation message under a field; renders nothing when there is none. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs text-red-600">
      {message}
    </p>
  );
}
