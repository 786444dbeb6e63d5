import { useState } from 'react';
import { idToLoad, RecordGate, useRouteId } from '@/components/detail/record-gate';
import { PageHeader } from '@/components/list/page-header';
import { ReportControls } from '@/components/report-controls';
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

/** /shorten-urls/{id}: one link's clicks over a range, and where they came from. */
export function ShortUrlDetailsView() {
  const id = useRouteId();
  const link = useShortUrl(idToLoad(id));
  return (
    <RecordGate
      id={id}
      query={link}
      notFound={{
        message: MESSAGES.shortUrls.notFound,
        backHref: paths.shortenUrls(),
        backLabel: 'Back to Shorten URLs',
      }}
      failed={MESSAGES.shortUrls.failedToGet}
    >
      {(data) => <LoadedLink key={data.id} link={data} />}
    </RecordGate>
  );
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
