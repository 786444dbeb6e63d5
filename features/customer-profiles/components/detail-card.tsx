import { useId, type ReactNode } from 'react';

/** A titled section of the profile details page. */
export function DetailCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}
