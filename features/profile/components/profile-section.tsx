import type { ReactNode } from 'react';

/** A titled block of the profile page. */
export function ProfileSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="grid gap-4 border-b border-slate-100 py-6 first:pt-0 last:border-0 last:pb-0 md:grid-cols-3 md:gap-8"
    >
      <div>
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      <div className="md:col-span-2">{children}</div>
    </section>
  );
}
