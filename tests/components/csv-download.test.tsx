import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  csvFileName,
  useCsvDownload,
  useLinkDownload,
  type CsvDownloadOptions,
  type LinkDownloadOptions,
} from '@/components/csv-download';
import { MESSAGES } from '@/lib/messages';
import { publicEnv } from '@/lib/public-env';
import { server } from '../mocks/node';
import { renderWithProviders, signedInWithBrand } from './test-utils';

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('csvFileName', () => {
  it('keeps letters, digits and dashes of the name, in lower case', () => {
    expect(csvFileName('Checkouts by country', 'report')).toBe('checkouts-by-country.csv');
    expect(csvFileName('  Big spenders: 3+ orders!  ', 'segment', '-members')).toBe(
      'big-spenders-3-orders-members.csv',
    );
    expect(csvFileName('Café_crème', 'report')).toBe('cafe-creme.csv');
  });

  it('uses the fallback when nothing of the name is left, and cuts long names', () => {
    expect(csvFileName('!!!', 'segment', '-members')).toBe('segment-members.csv');
    expect(csvFileName('', 'report')).toBe('report.csv');
    expect(csvFileName('a'.repeat(200), 'report')).toBe(`${'a'.repeat(80)}.csv`);
  });
});

function Download(props: CsvDownloadOptions) {
  const { pending, download } = useCsvDownload(props);
  return (
    <button type="button" aria-busy={pending} onClick={() => void download()}>
      Get CSV
    </button>
  );
}

describe('useCsvDownload', () => {
  const saved: { blob: Blob; name: string }[] = [];
  let lastBlob: Blob | null = null;
  const spyOnSave = () => {
    URL.createObjectURL = vi.fn((b: Blob) => {
      lastBlob = b;
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ blob: lastBlob!, name: this.download });
    });
  };
  afterEach(() => {
    saved.length = 0;
    vi.restoreAllMocks();
  });

  it('saves what the fetch answers under the file name, once per click', async () => {
    spyOnSave();
    let answer: (csv: string) => void = () => {};
    const fetchCsv = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const { user } = renderWithProviders(
      <Download
        fetchCsv={fetchCsv}
        fileName="orders.csv"
        failed={MESSAGES.reports.failedToDownload}
      />,
    );
    const button = screen.getByRole('button', { name: 'Get CSV' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    // A second click while the first is pending starts no second download.
    await user.click(button);
    expect(fetchCsv).toHaveBeenCalledTimes(1);

    answer('id,name\r\n1,Ada\r\n');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('orders.csv');
    expect(await readBlob(saved[0]!.blob)).toBe('id,name\r\n1,Ada\r\n');
    expect(saved[0]!.blob.type).toBe('text/csv;charset=utf-8');
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
  });

  it('toasts the failure and saves nothing when the fetch fails', async () => {
    spyOnSave();
    const fetchCsv = vi.fn(() => Promise.reject(new Error('offline')));
    const { user } = renderWithProviders(
      <Download
        fetchCsv={fetchCsv}
        fileName="members.csv"
        failed={MESSAGES.segments.failedToExport}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Get CSV' }));
    expect(
      await screen.findByText(MESSAGES.segments.failedToExport(MESSAGES.generic)),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    // The control works again after a failure.
    await user.click(screen.getByRole('button', { name: 'Get CSV' }));
    await waitFor(() => expect(fetchCsv).toHaveBeenCalledTimes(2));
  });

  it('does nothing while there is nothing to download', async () => {
    spyOnSave();
    const { user } = renderWithProviders(
      <Download fetchCsv={null} fileName="report.csv" failed={MESSAGES.reports.failedToDownload} />,
    );
    await user.click(screen.getByRole('button', { name: 'Get CSV' }));
    expect(saved).toHaveLength(0);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});

function LinkDownload(props: LinkDownloadOptions) {
  const { pending, download } = useLinkDownload(props);
  return (
    <button type="button" aria-busy={pending} onClick={() => void download()}>
      Export
    </button>
  );
}

describe('useLinkDownload', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for a signed link once per click and opens it on the API origin', async () => {
    signedInWithBrand();
    vi.spyOn(publicEnv, 'apiUrl').mockReturnValue('https://api.example.com');
    const opened: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      opened.push({ href: this.href, download: this.download });
    });
    URL.createObjectURL = vi.fn(() => 'blob:nothing');
    let answer: () => void = () => {};
    const asked: unknown[] = [];
    server.use(
      http.post('*/v1/download-links', async ({ request }) => {
        asked.push(await request.json());
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({
          data: { url: '/v1/x?format=csv&download_token=t', expires_at: '2026-11-29T00:01:00Z' },
        });
      }),
    );
    const { user } = renderWithProviders(
      <LinkDownload
        path="/v1/x?format=csv"
        fileName="x.csv"
        failed={MESSAGES.segments.failedToExport}
      />,
    );
    const button = screen.getByRole('button', { name: 'Export' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    // A second click while the link is being made asks for no second one.
    await user.click(button);
    await waitFor(() => expect(asked).toHaveLength(1));
    answer();
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(asked).toEqual([{ path: '/v1/x?format=csv' }]);
    expect(opened[0]).toEqual({
      href: 'https://api.example.com/v1/x?format=csv&download_token=t',
      download: 'x.csv',
    });
    // Nothing of the file passes through the page.
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'false'));
  });
});
