import type { ReactNode } from 'react';

/** A numbered section of a legal text, with an anchor for the table of contents. */
export function LegalSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6">
      <h3 id={`${id}-title`} className="mt-8 text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-3 space-y-3 text-[15px] leading-7 text-slate-700">{children}</div>
    </section>
  );
}

/** Bulleted list styled for legal prose. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-1.5 pl-6">{children}</ul>;
}
