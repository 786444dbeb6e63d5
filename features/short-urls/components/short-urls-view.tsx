import { useState } from 'react';
import { PagedList } from '@/components/list/paged-list';
import { ListSearch, useListSearch } from '@/components/list/list-search';
import { CreateButton } from '@/components/list/page-header';
import { ProductListPage } from '@/components/list/product-list-page';
import { DeleteDialog } from '@/components/ui/delete-dialog';
import { notify } from '@/components/ui/toast';
import type { ShortUrl } from '@/lib/contracts/short-urls';
import { MESSAGES } from '@/lib/messages';
import { useDeleteShortUrl } from '../hooks/use-delete-short-url';
import { useShortUrls } from '../hooks/use-short-urls';
import { useUpdateShortUrl } from '../hooks/use-update-short-url';
import { withDisabled } from '../lib/short-url-form';
import { ShortUrlsTable } from './list/short-urls-table';
import { ShortUrlFormDialog } from './short-url-form-dialog';

/** /shorten-urls: the current product's short links, with create, edit, disable and delete. */
export function ShortUrlsView() {
  // The form: closed, a new link ('new') or one being edited.
  const [editing, setEditing] = useState<ShortUrl | 'new' | null>(null);
  const create = () => setEditing('new');
  return (
    <ProductListPage
      id="short-urls-heading"
      title="Shorten URLs"
      description="Short addresses for your campaigns, with their clicks, countries and sources."
      actions={<CreateShortUrlButton onClick={create} />}
    >
      {(brandId) => (
        <>
          <BrandShortUrls brandId={brandId} onCreate={create} onEdit={setEditing} />
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
    </ProductListPage>
  );
}

const CreateShortUrlButton = ({ onClick }: { onClick: () => void }) => (
  <CreateButton onClick={onClick}>Create short link</CreateButton>
);

function BrandShortUrls(props: {
  brandId: number;
  onCreate: () => void;
  onEdit: (link: ShortUrl) => void;
}) {
  const search = useListSearch();
  const links = useShortUrls({ brand_id: props.brandId, search: search.query });
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
      <ListSearch
        label="Search short links"
        placeholder="Slug or destination"
        value={search.text}
        onChange={search.setText}
      />
      <PagedList
        query={links}
        loading={{
          label: 'Loading short links',
          columns: ['w-48', 'w-56', 'w-10', 'w-10', 'w-20', 'w-16', 'ml-auto w-40'],
        }}
        failed={MESSAGES.shortUrls.failedToGetList}
        noMatches={search.query ? MESSAGES.shortUrls.listNoMatches : undefined}
        empty={{
          label: 'No short links',
          text: MESSAGES.shortUrls.listEmpty,
          action: <CreateShortUrlButton onClick={props.onCreate} />,
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
      <DeleteDialog
        title="Delete short link"
        description={MESSAGES.shortUrls.deleteConfirm(doomed?.slug ?? '')}
        open={doomed !== null}
        pending={remove.isPending}
        onCancel={() => setDoomed(null)}
        onConfirm={() => {
          if (doomed) remove.mutate(doomed);
        }}
      />
    </>
  );
}
