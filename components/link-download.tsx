import type { ReactNode } from 'react';
import { downloadHref } from '@/api/download-links';
import { buttonClasses } from '@/components/ui/button';
import { useLinkDownload, type LinkDownloadOptions } from './csv-download';

/**
 * A download of an allow-listed GET route as a link: the click asks for a signed download link
 * and opens it, so the browser streams the file to disk (docs/security.md, "Download links");
 * the address stays on the link for what a link shows (its target, copy link address).
 */
export function LinkDownload(props: LinkDownloadOptions & { children: ReactNode }) {
  const { pending, download } = useLinkDownload(props);
  return (
    <a
      href={downloadHref(props.path)}
      download={props.fileName}
      aria-busy={pending || undefined}
      onClick={(e) => {
        e.preventDefault();
        void download();
      }}
      className={buttonClasses('secondary')}
    >
      {props.children}
    </a>
  );
}
