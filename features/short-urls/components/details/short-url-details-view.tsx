import Link from 'next/link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { PageSpinner } from '@/components/layout/spinner';
import { PageHeader } from '@/components/list/page-header';
import { ReportControls } from '@/components/report-controls';
import { FormAlert } from '@/components/ui/form-alert';
import { RetryAlert } from '@/components/ui/retry-alert';
import type { ShortUrl } from '@/lib/contracts/short-urls';
import { formatDateTime } from '@/lib/format';
import { MESSAGES } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { DEFAULT_REPORT_VIEW, reportApiQuery, type ReportView } from '@/lib/report-view';
import type { ShortUrlReportParams } from '@/api/short-urls';
import { useShortUrl } from '../../hooks/use-short-url';
import { shortUrlStatus } from '../../lib/short-url-form';
import { CopyShortUrlButton } from '../copy-short-url-button';
import { StatusBadge } from '../status-badge';
import { ShortUrlReportView } from './short-url-report';

/** The link id of `/shorten-urls/[id]`; 'pending' until the router has read the URL. */
function useShortUrlIdParam(): number | 'invalid' | 'pending' {
  const { query, isReady } = useRouter();
  if (!isReady) return 'pending';
  const id = Number(query.id);
  return Number.isInteger(id) && id > 0 ? id : 'invalid';
}

/** /shorten-urls/{id}: one link's clicks over a range, and where they came from. */
export function ShortUrlDetailsView() {
  const id = useShortUrlIdParam();
  const link = useShortUrl(typeof id === 'number' ? id : null);
  if (id === 'pending') return <PageSpinner />;
  if (id === 'invalid' || link.error?.status === 404)
    return (
      <FormAlert>
        {MESSAGES.shortUrls.notFound}{' '}
        <Link href={paths.shortenUrls()} className="font-semibold underline">
          Back to Shorten URLs
        </Link>
      </FormAlert>
    );
  if (link.isError)
    return (
      <RetryAlert
        message={MESSAGES.shortUrls.failedToGet(link.error.message)}
        onRetry={() => void link.refetch()}
      />
    );
  if (!link.data) return <PageSpinner />;
  return <LoadedLink key={link.data.id} link={link.data} />;
}

function LoadedLink({ link }: { link: ShortUrl }) {
  const [view, setView] = useState<ReportView>(DEFAULT_REPORT_VIEW);
  const [includeBots, setIncludeBots] = useState(false);
  // Nothing to ask while a custom range still lacks a day.
  const params: ShortUrlReportParams | null = reportApiQuery(view)
    ? { ...view, include_bots: includeBots }
    : null;
  return (
    <section aria-labelledby="short-url-heading" className="flex flex-col gap-4">
      <PageHeader
        id="short-url-heading"
        title={link.short_url}
        description={
          <>
            To <span className="break-all">{link.url}</span> · created{' '}
            {formatDateTime(link.created_at)}
          </>
        }
        actions={
          <div className="flex items-center gap-2">
            <StatusBadge status={shortUrlStatus(link)} />
            <CopyShortUrlButton shortUrl={link.short_url} />
          </div>
        }
      />
      <div className="flex flex-wrap items-start gap-x-6">
        <ReportControls
          view={view}
          onViewChange={setView}
          rangeHint="Whole days on the product's clock, both included."
        />
        <label className="mt-8 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={includeBots}
            onChange={(e) => setIncludeBots(e.target.checked)}
          />
          Include bots and link previews
        </label>
      </div>
      <ShortUrlReportView linkId={link.id} params={params} granularity={view.granularity} />
    </section>
  );
}
