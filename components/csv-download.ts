import { useRef, useState } from 'react';
import { createDownloadLink, downloadHref } from '@/api/download-links';
import { errorMessage } from '@/api/http';
import { notify } from '@/components/ui/toast';

/**
 * A CSV file name from a display name: letters, digits and dashes, lower case, at most 80
 * characters, then `suffix` and `.csv`; `fallback` stands in when nothing of the name is left.
 */
export function csvFileName(name: string, fallback: string, suffix = ''): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .toLowerCase()
    .slice(0, 80);
  return `${base || fallback}${suffix}.csv`;
}

/** Saves CSV text as a file named `fileName`, as a click on a download link would. */
export function saveCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface CsvDownloadOptions {
  /** Fetches the CSV with the dashboard's token; null while there is nothing to download. */
  fetchCsv: (() => Promise<string>) | null;
  fileName: string;
  /** The toast's text when the fetch fails (a `MESSAGES` entry). */
  failed: (message: string) => string;
}

/**
 * The click of a "Download CSV" control whose file comes from a POST (a report's query): fetches
 * it through the API client, saves it, and toasts `failed` on an error. The whole answer is held
 * in memory before it is saved, so a large GET download uses `useLinkDownload` instead. A click
 * while a download is pending starts no second one.
 */
export function useCsvDownload({ fetchCsv, fileName, failed }: CsvDownloadOptions) {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const download = async () => {
    if (!fetchCsv || busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      saveCsv(await fetchCsv(), fileName);
    } catch (error) {
      notify.error(failed(errorMessage(error)));
    } finally {
      busy.current = false;
      setPending(false);
    }
  };
  return { pending, download };
}

/** Opens `href` as a click on a download link would: the browser saves the answer itself. */
function openDownload(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

export interface LinkDownloadOptions {
  /** The allow-listed GET address with its query (e.g. /v1/segments/1/members?format=csv). */
  path: string;
  /** The name the browser suggests when the API is on the dashboard's origin. */
  fileName: string;
  /** The toast's text when no link could be made (a `MESSAGES` entry). */
  failed: (message: string) => string;
}

/**
 * The click of a download of a GET route (docs/segments.md, "Export"): asks the API for a
 * short-lived signed link (the route wants the bearer token, which a navigation cannot send) and
 * opens it, so the browser streams the file to disk however large it is; nothing of it is held in
 * the page. Toasts `failed` when the link cannot be made. A click while the link is being made
 * starts no second one.
 */
export function useLinkDownload({ path, fileName, failed }: LinkDownloadOptions) {
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  const download = async () => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      const link = await createDownloadLink(path);
      openDownload(downloadHref(link.url), fileName);
    } catch (error) {
      notify.error(failed(errorMessage(error)));
    } finally {
      busy.current = false;
      setPending(false);
    }
  };
  return { pending, download };
}
