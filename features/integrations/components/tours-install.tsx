import Link from 'next/link';
import { paths } from '@/lib/paths';
import { CodeLine } from './code-line';

/**
 * How product tours reach a website: the tracking snippet plays them by itself, nothing else to
 * install (sdk/README.md, "Product tours at run time").
 */
export function ToursInstall({ onShowTracking }: { onShowTracking: () => void }) {
  return (
    <div className="flex flex-col gap-4 text-sm text-slate-600">
      <p>
        The standard tracking snippet plays product tours by itself: there is nothing else to
        install and no code to call. On every page and every in-app navigation it asks Signpost
        whether a published tour targets the visitor; only then does it load the tour player, so
        pages without a tour download nothing more.
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
        <li>
          Identify signed-in customers, so targeting rules can use their profile and events and a
          tour continues where they left it.
        </li>
        <li>
          Build a tour and publish it in{' '}
          <Link href={paths.flows()} className="font-medium text-brand-700 underline">
            Product Tour
          </Link>
          . It shows within seconds to matching visitors, and unpublishing removes it from open
          pages within seconds too.
        </li>
      </ol>
      <p>
        A tooltip waits up to 6 seconds for its element to appear on the page; when it never does,
        the tour ends and the tour&apos;s report counts it as a missing element.
      </p>
      <p>
        Optional: once <code className="font-mono text-xs">sdk.js</code> has loaded,{' '}
        <code className="font-mono text-xs">signpost.loadTours()</code> only preloads the tour
        player, e.g. just before a page where you know a tour starts. It shows nothing by itself.
      </p>
      <CodeLine>{'signpost.loadTours();'}</CodeLine>
      <p>
        If your site sets a Content-Security-Policy, allow this dashboard&apos;s origin in{' '}
        <code className="font-mono text-xs">script-src</code> (for{' '}
        <code className="font-mono text-xs">sdk.js</code> and{' '}
        <code className="font-mono text-xs">sdk-tours.js</code>) and in{' '}
        <code className="font-mono text-xs">connect-src</code>.
      </p>
    </div>
  );
}
