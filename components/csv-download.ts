import { useRef, useState } from 'react';
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
 * The click of a "Download CSV" control: fetches the file through the API client (the API wants
 * the bearer token, so a plain link cannot), saves it, and toasts `failed` on an error. The
 * whole answer is held in memory before it is saved (docs/segments.md, the export). A click while
 * a download is pending starts no second one.
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
