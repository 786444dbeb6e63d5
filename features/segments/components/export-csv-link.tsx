import { useState } from 'react';
import { publicEnv } from '@/lib/public-env';
import { buttonClasses } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/api/http';
import { exportSegmentMembersCsv, segmentMembersCsvPath } from '@/api/segments';
import { MESSAGES } from '@/lib/messages';

/** A file name from a segment's name: letters, digits and dashes. */
export function membersFileName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 80);
  return `${base || 'segment'}-members.csv`;
}

/**
 * "Export CSV": every member (GET /v1/segments/{id}/members?format=csv). The API wants the
 * dashboard's bearer token, so the click fetches it with the token and saves the answer.
 */
export function ExportCsvLink(props: { segmentId: number; name: string }) {
  const [pending, setPending] = useState(false);
  const href = `${publicEnv.apiUrl() ?? ''}${segmentMembersCsvPath(props.segmentId)}`;
  const download = async () => {
    setPending(true);
    try {
      const csv = await exportSegmentMembersCsv(props.segmentId);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = membersFileName(props.name);
      document.body.append(link);
      link.click();
      link.remove();
      // Some browsers read the object URL after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      notify.error(MESSAGES.segments.failedToExport(errorMessage(error)));
    } finally {
      setPending(false);
    }
  };
  return (
    <a
      href={href}
      download={membersFileName(props.name)}
      aria-busy={pending || undefined}
      onClick={(e) => {
        e.preventDefault();
        if (!pending) void download();
      }}
      className={buttonClasses('secondary')}
    >
      Export CSV
    </a>
  );
}
