import Link from 'next/link';
import { paths } from '@/lib/paths';
import { CodeLine } from './code-line';

/** How product tours reach a website: through the tracking snippet, nothing else to install. */
export function ToursInstall({ onShowTracking }: { onShowTracking: () => void }) {
  return (
    <div className="flex flex-col gap-4 text-sm text-slate-600">
      <p>
        Product tours load from the same snippet: there is no second script to install. When a
        published flow targets the visitor, the SDK loads the tour renderer on demand, so pages
        without a tour download nothing more.
      </p>
      <ol className="list-decimal space-y-2 pl-5">
        <li>
          Install the tracking snippet on your website (
          <button
            type="button"
            className="font-medium text-brand-700 underline"
            onClick={onShowTracking}
          >
            Tracking
          </button>
          ).
        </li>
        <li>Identify signed-in customers, so targeting rules can use their profile and events.</li>
        <li>
          Build a flow and publish it in{' '}
          <Link href={paths.flows()} className="font-medium text-brand-700 underline">
            Product Tour
          </Link>
          .
        </li>
      </ol>
      <p>To show the tours of the current page right away from your own code:</p>
      <CodeLine>{'signpost.loadTours();'}</CodeLine>
      <p>
        If your site sets a Content-Security-Policy, allow this dashboard&apos;s origin in{' '}
        <code className="font-mono text-xs">script-src</code> and{' '}
        <code className="font-mono text-xs">connect-src</code>.
      </p>
    </div>
  );
}
