import type { ReactNode } from 'react';

export interface PageHeaderProps {
  /** Id of the heading, for the `aria-labelledby` of the page's section. */
  id: string;
  title: string;
  description: ReactNode;
  /** The page's main actions, on the right. */
  actions?: ReactNode;
}

/** The title, explanation and main actions at the top of a list page. */
export function PageHeader({ id, title, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p>
      </div>
      {actions}
    </div>
  );
}
