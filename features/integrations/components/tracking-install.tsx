import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Brand } from '@/lib/contracts/brands';
import { paths } from '@/lib/paths';
import { CodeLine } from './code-line';

export interface TrackingInstallProps {
  brands: readonly Brand[];
  current: Brand;
  onSelectBrand: (id: number) => void;
  /** The snippet block of a product (composed in by the page from the brands feature). */
  renderSnippet: (brand: Brand) => ReactNode;
  /** The installation's live state (composed in by the page from the events feature). */
  renderInstallState?: (brand: Brand) => ReactNode;
}

const STEP = 'relative pl-9';
const NUMBER =
  'absolute left-0 top-0 flex h-6 w-6 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700';

/** Install steps of the tracking SDK for the chosen product. */
export function TrackingInstall({
  brands,
  current,
  onSelectBrand,
  renderSnippet,
  renderInstallState,
}: TrackingInstallProps) {
  return (
    <div className="flex flex-col gap-6">
      {brands.length > 1 ? (
        <label className="flex max-w-sm flex-col gap-1 text-sm font-medium text-slate-700">
          Product
          <select
            className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
            value={current.id}
            onChange={(e) => onSelectBrand(Number(e.target.value))}
          >
            {brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name} ({b.domain})
              </option>
            ))}
          </select>
        </label>
      ) : null}

      <ol className="flex flex-col gap-6">
        <li className={STEP}>
          <span className={NUMBER}>1</span>
          <h3 className="text-sm font-semibold text-slate-900">
            Paste the snippet into the &lt;head&gt; of every page of {current.domain}
          </h3>
          <p className="mb-3 mt-1 text-sm text-slate-600">
            It loads the SDK without blocking the page; calls made before it arrives are queued.
            Page views are sent on load and on every navigation of single-page apps.
          </p>
          {renderSnippet(current)}
          {renderInstallState ? (
            <div className="mt-3">
              <h4 className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">
                Installation
              </h4>
              {renderInstallState(current)}
            </div>
          ) : null}
        </li>
        <li className={STEP}>
          <span className={NUMBER}>2</span>
          <h3 className="text-sm font-semibold text-slate-900">Identify signed-in customers</h3>
          <p className="mt-1 text-sm text-slate-600">
            After sign-in, link the visitor to your user id; on sign-out, start a new anonymous
            visitor.
          </p>
          <CodeLine>{`signpost.identify('user-42', { email: 'ada@example.com', name: 'Ada' });`}</CodeLine>
          <CodeLine>{'signpost.reset();'}</CodeLine>
        </li>
        <li className={STEP}>
          <span className={NUMBER}>3</span>
          <h3 className="text-sm font-semibold text-slate-900">Track what customers do</h3>
          <CodeLine>{`signpost.track('Clicked Buy', { sku: 'SKU-1', price: 49 });`}</CodeLine>
          <p className="mt-2 text-sm text-slate-600">
            Events are batched, kept across reloads and offline periods, and retried until the
            server confirms them. See them arrive in{' '}
            <Link href={paths.events()} className="font-medium text-brand-700 underline">
              Events
            </Link>
            .
          </p>
        </li>
      </ol>
    </div>
  );
}
