/** A short code sample inside the install steps. */
export function CodeLine({ children }: { children: string }) {
  return (
    <pre className="mt-2 overflow-x-auto rounded-md bg-slate-100 px-3 py-2 font-mono text-xs text-slate-800">
      <code>{children}</code>
    </pre>
  );
}
