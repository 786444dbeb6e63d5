import { useState } from 'react';
import type { MetadataAttribute } from '@/lib/contracts/customer-profiles';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PlusIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/toast';
import { useCurrentBrandId } from '../hooks/use-current-brand-id';
import { useDeleteMetadataAttribute } from '../hooks/use-delete-metadata-attribute';
import { useMetadataAttributes } from '../hooks/use-metadata-attributes';
import { AttributesLoading } from './attributes-loading';
import { AttributesPageHeader } from './attributes-page-header';
import { AttributesTable } from './attributes-table';
import { DeleteAttributeDialog } from './delete-attribute-dialog';
import { MetadataAttributeDialog } from './metadata-attribute-dialog';
import { NoBrandState } from './no-brand-state';

const HEADING_ID = 'metadata-heading';
const TITLE = 'Metadata attributes';
const DESCRIPTION =
  'Your own fields on customer profiles, set from identify() traits.metadata or edited on a profile.';

type DialogState =
  | { kind: 'create' }
  | { kind: 'edit'; attribute: MetadataAttribute }
  | { kind: 'delete'; attribute: MetadataAttribute }
  | null;

/** /customer-profiles/metadata (Metadata Attributes). */
export function MetadataAttributesView() {
  const brandId = useCurrentBrandId();
  return (
    <section aria-labelledby={HEADING_ID}>
      {brandId === null ? (
        <>
          <AttributesPageHeader id={HEADING_ID} title={TITLE} description={DESCRIPTION} />
          <NoBrandState />
        </>
      ) : (
        <MetadataAttributesManager key={brandId} brandId={brandId} />
      )}
    </section>
  );
}

function MetadataAttributesManager({ brandId }: { brandId: number }) {
  const attributes = useMetadataAttributes(brandId);
  const [dialog, setDialog] = useState<DialogState>(null);
  const close = () => setDialog(null);
  const list = attributes.data ?? [];
  const remove = useDeleteMetadataAttribute(brandId, {
    onSuccess: () => {
      notify.success(MESSAGES.profiles.metadataDeleted);
      close();
    },
  });
  const find = (key: string) => list.find((a) => String(a.id) === key);

  return (
    <>
      <AttributesPageHeader
        id={HEADING_ID}
        title={TITLE}
        description={DESCRIPTION}
        action={
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <PlusIcon className="h-4 w-4" />
            Add attribute
          </Button>
        }
      />
      {attributes.isPending ? <AttributesLoading /> : null}
      {attributes.isError ? (
        <FormAlert>
          {attributes.error.message}{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void attributes.refetch()}
          >
            Try again
          </button>
        </FormAlert>
      ) : null}
      {attributes.isSuccess && list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600">
          No metadata attributes yet. Add one to keep your own values on customer profiles.
        </p>
      ) : null}
      {list.length > 0 ? (
        <AttributesTable
          caption={TITLE}
          rows={list.map((a) => ({
            key: String(a.id),
            fieldName: a.custom_field_name,
            name: a.name,
            dataType: a.data_type,
            system: false,
          }))}
          onEdit={(key) => {
            const attribute = find(key);
            if (attribute) setDialog({ kind: 'edit', attribute });
          }}
          onDelete={(key) => {
            const attribute = find(key);
            if (attribute) setDialog({ kind: 'delete', attribute });
          }}
        />
      ) : null}

      <MetadataAttributeDialog
        brandId={brandId}
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        attribute={dialog?.kind === 'edit' ? dialog.attribute : undefined}
        onOpenChange={(open) => !open && close()}
      />
      <DeleteAttributeDialog
        name={dialog?.kind === 'delete' ? dialog.attribute.name : null}
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.attribute.id)}
        onOpenChange={(open) => {
          if (open) return;
          remove.reset();
          close();
        }}
      />
    </>
  );
}
