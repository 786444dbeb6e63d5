import { useState } from 'react';
import {
  ActionsCell,
  RowButton,
  RowHeader,
  RowLink,
  TBody,
  THead,
  Table,
  Td,
  Th,
  Tr,
} from '@/components/list/table';
import type { ShortUrl } from '@/lib/contracts/short-urls';
import { formatDate, formatInteger } from '@/lib/format';
import { paths } from '@/lib/paths';
import { shortUrlStatus } from '../../lib/short-url-form';
import { CopyShortUrlButton } from '../copy-short-url-button';
import { StatusBadge } from '../status-badge';

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
                <RowLink href={paths.shortUrl(link.id)}>{link.short_url}</RowLink>
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
            <ActionsCell>
              <RowButton label="Edit" of={link.slug} onClick={() => props.onEdit(link)} />
              <RowButton
                label={link.disabled ? 'Enable' : 'Disable'}
                of={link.slug}
                loading={props.togglingId === link.id}
                onClick={() => props.onToggle(link)}
              />
              <RowButton label="Delete" of={link.slug} onClick={() => props.onDelete(link)} />
            </ActionsCell>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
