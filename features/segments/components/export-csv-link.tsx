import { buttonClasses } from '@/components/ui/button';
import { csvFileName, useLinkDownload } from '@/components/csv-download';
import { downloadHref } from '@/api/download-links';
import { segmentMembersCsvPath } from '@/api/segments';
import { MESSAGES } from '@/lib/messages';

/** A file name from a segment's name: `{name}-members.csv`, letters, digits and dashes. */
const membersFileName = (name: string): string => csvFileName(name, 'segment', '-members');

/**
 * "Export CSV": every member (GET /v1/segments/{id}/members?format=csv). The API wants the
 * dashboard's bearer token, so the click asks for a signed download link and opens it: the
 * browser streams the file to disk (docs/segments.md, "Export"). The link's address stays for
 * what a link shows (its target, copy link address).
 */
export function ExportCsvLink(props: { segmentId: number; name: string }) {
  const fileName = membersFileName(props.name);
  const path = segmentMembersCsvPath(props.segmentId);
  const { pending, download } = useLinkDownload({
    path,
    fileName,
    failed: MESSAGES.segments.failedToExport,
  });
  return (
    <a
      href={downloadHref(path)}
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
