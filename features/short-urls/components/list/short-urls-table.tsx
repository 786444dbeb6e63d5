import Link from 'next/link';
import { useState } from 'react';
import { RowHeader, TBody, THead, Table, Td, Th, Tr } from '@/components/list/table';
import { Button } from '@/components/ui/button';
import type { ShortUrl } from '@/lib/contracts/short-urls';
import { formatDate, formatInteger } from '@/lib/format';
import { paths } from '@/lib/paths';
import { shortUrlStatus } from '../../lib/short-url-form';
import { CopyShortUrlButton } from '../copy-short-url-button';
import { StatusBadge } from '../status-badge';

const LINK = 'text-brand-700 hover:underline focus-visible:underline';

/** A product's short links with their counts and the actions on each. */
export function ShortUrlsTable(props: {
  links: ShortUrl[];
  onEdit: (link: ShortUrl) => void;
  onToggle: (link: ShortUrl) => void;
  onDelete: (link: ShortUrl) => void;
  /** The link whose Disable/Enable is under way. */
  togglingId: number | null;
}) {
  // Expired or not as of when the list was shown.
  const [now] = useState(() => Date.now());
  return (
    <Table caption="Short links">
      <THead>
        <Th>Short URL</Th>
        <Th>Destination</Th>
        <Th align="right">Clicks</Th>
        <Th align="right">Unique clicks</Th>
        <Th>Created</Th>
        <Th>Status</Th>
        <Th align="right">Actions</Th>
      </THead>
      <TBody>
        {props.links.map((link) => (
          <Tr key={link.id}>
            <RowHeader>
              <div className="flex items-center gap-1">
                <Link href={paths.shortUrl(link.id)} className={LINK}>
                  {link.short_url}
                </Link>
                <CopyShortUrlButton shortUrl={link.short_url} label={`Copy ${link.short_url}`} />
              </div>
            </RowHeader>
            <Td>
              <span className="block max-w-xs truncate" title={link.url}>
                {link.url}
              </span>
            </Td>
            <Td align="right">{formatInteger(link.clicks)}</Td>
            <Td align="right">{formatInteger(link.unique_clicks)}</Td>
            <Td>
              <time dateTime={link.created_at}>{formatDate(link.created_at)}</time>
            </Td>
            <Td>
              <StatusBadge status={shortUrlStatus(link, now)} />
            </Td>
            <Td className="text-right">
              <div className="flex items-center justify-end gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => props.onEdit(link)}
                  aria-label={`Edit ${link.slug}`}
                >
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={props.togglingId === link.id}
                  onClick={() => props.onToggle(link)}
                  aria-label={`${link.disabled ? 'Enable' : 'Disable'} ${link.slug}`}
                >
                  {link.disabled ? 'Enable' : 'Disable'}
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => props.onDelete(link)}
                  aria-label={`Delete ${link.slug}`}
                >
                  Delete
                </Button>
              </div>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
