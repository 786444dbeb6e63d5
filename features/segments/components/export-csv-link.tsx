import { publicEnv } from '@/lib/public-env';
import { buttonClasses } from '@/components/ui/button';
import { csvFileName, useCsvDownload } from '@/components/csv-download';
import { exportSegmentMembersCsv, segmentMembersCsvPath } from '@/api/segments';
import { MESSAGES } from '@/lib/messages';

/** A file name from a segment's name: `{name}-members.csv`, letters, digits and dashes. */
const membersFileName = (name: string): string => csvFileName(name, 'segment', '-members');

/**
 * "Export CSV": every member (GET /v1/segments/{id}/members?format=csv). The API wants the
 * dashboard's bearer token, so the click fetches it with the token and saves the answer; the
 * link's address stays for what a link shows (its target, copy link address).
 */
export function ExportCsvLink(props: { segmentId: number; name: string }) {
  const fileName = membersFileName(props.name);
  const { pending, download } = useCsvDownload({
    fetchCsv: () => exportSegmentMembersCsv(props.segmentId),
    fileName,
    failed: MESSAGES.segments.failedToExport,
  });
  const href = `${publicEnv.apiUrl() ?? ''}${segmentMembersCsvPath(props.segmentId)}`;
  return (
    <a
      href={href}
      download={fileName}
      aria-busy={pending || undefined}
      onClick={(e) => {
        e.preventDefault();
        void download();
      }}
      className={buttonClasses('secondary')}
    >
      Export CSV
    </a>
  );
}
