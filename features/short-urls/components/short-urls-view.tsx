import { useState } from 'react';
import { PagedList } from '@/components/list/paged-list';
import { PageHeader } from '@/components/list/page-header';
import { NoBrandState } from '@/components/no-brand-state';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PlusIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { notify } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { ShortUrl } from '@/lib/contracts/short-urls';
import { MESSAGES } from '@/lib/messages';
import { useBrandStore } from '@/stores/brand';
import { useDeleteShortUrl } from '../hooks/use-delete-short-url';
import { useShortUrls } from '../hooks/use-short-urls';
import { useUpdateShortUrl } from '../hooks/use-update-short-url';
import { withDisabled } from '../lib/short-url-form';
import { ShortUrlsTable } from './list/short-urls-table';
import { ShortUrlFormDialog } from './short-url-form-dialog';

/** /shorten-urls: the current product's short links, with create, edit, disable and delete. */
export function ShortUrlsView() {
  const brandId = useBrandStore((s) => s.brandId);
  // The form: closed, a new link ('new') or one being edited.
  const [editing, setEditing] = useState<ShortUrl | 'new' | null>(null);
  return (
    <section aria-labelledby="short-urls-heading">
      <PageHeader
        id="short-urls-heading"
        title="Shorten URLs"
        description="Short addresses for your campaigns, with their clicks, countries and sources."
        actions={brandId !== null ? <CreateButton onClick={() => setEditing('new')} /> : null}
      />
      {brandId === null ? (
        <NoBrandState title="No tracked product" />
      ) : (
        <>
          {/* A new product starts from a clean search. */}
          <BrandShortUrls
            key={brandId}
            brandId={brandId}
            onCreate={() => setEditing('new')}
            onEdit={setEditing}
          />
          <ShortUrlFormDialog
            open={editing !== null}
            onOpenChange={(open) => {
              if (!open) setEditing(null);
            }}
            brandId={brandId}
            link={editing === 'new' || editing === null ? undefined : editing}
          />
        </>
      )}
    </section>
  );
}

function CreateButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <PlusIcon className="h-4 w-4" />
      Create short link
    </Button>
  );
}

function BrandShortUrls(props: {
  brandId: number;
  onCreate: () => void;
  onEdit: (link: ShortUrl) => void;
}) {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim());
  const links = useShortUrls({ brand_id: props.brandId, search: debounced });
  const [doomed, setDoomed] = useState<ShortUrl | null>(null);
  const remove = useDeleteShortUrl({
    onSuccess: () => {
      setDoomed(null);
      notify.success(MESSAGES.shortUrls.deleted);
    },
    onError: (err) => notify.error(MESSAGES.shortUrls.failedToDelete(err.message)),
  });
  const toggle = useUpdateShortUrl({
    onSuccess: (saved) =>
      notify.success(
        saved.disabled
          ? MESSAGES.shortUrls.disabledDone(saved.slug)
          : MESSAGES.shortUrls.enabledDone(saved.slug),
      ),
    onError: (err) => notify.error(MESSAGES.shortUrls.failedToUpdate(err.message)),
  });
  return (
    <>
      <div className="mb-4">
        <TextField
          label="Search short links"
          type="search"
          placeholder="Slug or destination"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="w-full max-w-sm"
        />
      </div>
      <PagedList
        query={links}
        loading={{
          label: 'Loading short links',
          columns: ['w-48', 'w-56', 'w-10', 'w-10', 'w-20', 'w-16', 'ml-auto w-40'],
        }}
        failed={MESSAGES.shortUrls.failedToGetList}
        noMatches={debounced ? MESSAGES.shortUrls.listNoMatches : undefined}
        empty={{
          label: 'No short links',
          text: MESSAGES.shortUrls.listEmpty,
          action: <CreateButton onClick={props.onCreate} />,
        }}
        noun="short links"
      >
        {(rows) => (
          <ShortUrlsTable
            links={rows}
            onEdit={props.onEdit}
            onToggle={(link) =>
              toggle.mutate({ id: link.id, body: withDisabled(link, !link.disabled) })
            }
            onDelete={setDoomed}
            togglingId={toggle.isPending ? toggle.variables.id : null}
          />
        )}
      </PagedList>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDoomed(null);
        }}
        title="Delete short link"
        description={MESSAGES.shortUrls.deleteConfirm(doomed?.slug ?? '')}
        confirmLabel="Delete"
        variant="danger"
        pending={remove.isPending}
        onConfirm={() => {
          if (doomed) remove.mutate(doomed);
        }}
      />
    </>
  );
}
