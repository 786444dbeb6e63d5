import { Fragment } from 'react';

/**
 * Labels separated by slashes; the last one is the current page
 * (docs/product/screens.md#22-layout-and-session-rules).
 */
export function Breadcrumb({ items }: { items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-2 text-sm">
        {items.map((label, index) => {
          const last = index === items.length - 1;
          return (
            <Fragment key={`${label}-${index}`}>
              {index > 0 ? (
                <li aria-hidden="true" className="text-slate-400">
                  /
                </li>
              ) : null}
              <li
                aria-current={last ? 'page' : undefined}
                className={
                  last ? 'truncate font-semibold text-slate-900' : 'truncate text-slate-500'
                }
              >
                {label}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
