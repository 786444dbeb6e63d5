import Link from 'next/link';
import { useRouter } from 'next/router';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import type { Brand } from '@/lib/contracts/brands';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/skeleton';
import { focusRing } from '@/components/ui/button';
import { INTEGRATION_TABS, tabFromQuery, type IntegrationTab } from '../lib/tabs';
import { ToursInstall } from './tours-install';
import { TrackingInstall } from './tracking-install';
import { RetryAlert } from '@/components/ui/retry-alert';

export interface IntegrationsViewProps {
  brands: readonly Brand[];
  current: Brand | null;
  status: 'pending' | 'error' | 'success';
  error?: string;
  onRetry: () => void;
  onSelectBrand: (id: number) => void;
  renderSnippet: (brand: Brand) => ReactNode;
  /** The installation's live state of a product: waiting for its first event, or received. */
  renderInstallState?: (brand: Brand) => ReactNode;
}

/** /integrations: install the tracking snippet; `?t=flows-integrations` opens product tours. */
export function IntegrationsView(props: IntegrationsViewProps) {
  const router = useRouter();
  const baseId = useId();
  const tab = tabFromQuery(router.query.t);
  const select = (id: IntegrationTab) => {
    const query = INTEGRATION_TABS.find((t) => t.id === id)?.query;
    void router.replace(paths.integrations(query), undefined, { shallow: true });
  };
  // Tabs follow the ARIA pattern: one tab stop, arrow keys move between tabs.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const n = INTEGRATION_TABS.length;
    const i = INTEGRATION_TABS.findIndex((t) => t.id === tab);
    const next = INTEGRATION_TABS[(i + (e.key === 'ArrowRight' ? 1 : n - 1)) % n];
    select(next.id);
    document.getElementById(`${baseId}-tab-${next.id}`)?.focus();
  };

  return (
    <section aria-labelledby={`${baseId}-heading`}>
      <h2 id={`${baseId}-heading`} className="text-lg font-semibold text-slate-900">
        Integration
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Connect your website to Signpost with one snippet: tracking first, product tours with it.
      </p>

      <div
        role="tablist"
        aria-label="Integration"
        onKeyDown={onKeyDown}
        className="mt-6 flex gap-1 border-b border-slate-200"
      >
        {INTEGRATION_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${baseId}-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => select(t.id)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              focusRing,
              tab === t.id
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={`${baseId}-panel-${tab}`}
        aria-labelledby={`${baseId}-tab-${tab}`}
        className="pt-6"
      >
        {tab === 'tours' ? (
          <ToursInstall onShowTracking={() => select('tracking')} />
        ) : (
          <TrackingPanel {...props} />
        )}
      </div>
    </section>
  );
}

function TrackingPanel({ current, status, error, onRetry, ...rest }: IntegrationsViewProps) {
  if (status === 'pending')
    return (
      <div role="status" aria-label="Loading products">
        <Skeleton className="h-5 w-64" />
        <Skeleton className="mt-3 h-24 w-full" />
      </div>
    );
  if (status === 'error') return <RetryAlert message={error} onRetry={onRetry} />;
  if (!current)
    return (
      <div className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600">
        <p>{MESSAGES.brands.empty}</p>
        <Link
          href={paths.brands()}
          className="mt-3 inline-block font-medium text-brand-700 underline"
        >
          Add a product
        </Link>
      </div>
    );
  return <TrackingInstall current={current} {...rest} />;
}
