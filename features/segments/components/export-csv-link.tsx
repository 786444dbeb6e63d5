import { csvFileName } from '@/components/csv-download';
import { LinkDownload } from '@/components/link-download';
import { segmentMembersCsvPath } from '@/api/segments';
import { MESSAGES } from '@/lib/messages';

/** A file name from a segment's name: `{name}-members.csv`, letters, digits and dashes. */
const membersFileName = (name: string): string => csvFileName(name, 'segment', '-members');

/**
 * "Export CSV": every member (GET /v1/segments/{id}/members?format=csv), through a signed download
 * link the browser streams to disk (docs/segments.md, "Export").
 */
export function ExportCsvLink(props: { segmentId: number; name: string }) {
  return (
    <LinkDownload
      path={segmentMembersCsvPath(props.segmentId)}
      fileName={membersFileName(props.name)}
      failed={MESSAGES.segments.failedToExport}
    >
      Export CSV
    </LinkDownload>
  );
}
