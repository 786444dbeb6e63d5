import { useState } from 'react';
import type { DataAttribute } from '@/lib/contracts/customer-profiles';
import { MESSAGES } from '@/lib/messages';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PlusIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/toast';
import { useCurrentBrandId } from '../hooks/use-current-brand-id';
import { useDataAttributes } from '../hooks/use-data-attributes';
import { useDeleteDataAttribute } from '../hooks/use-delete-data-attribute';
import { AttributesLoading } from './attributes-loading';
import { AttributesPageHeader } from './attributes-page-header';
import { AttributesTable } from './attributes-table';
import { DataAttributeDialog, type CustomDataAttribute } from './data-attribute-dialog';
import { DeleteAttributeDialog } from './delete-attribute-dialog';
import { NoBrandState } from './no-brand-state';

const HEADING_ID = 'data-attributes-heading';
const TITLE = 'Data attributes';
const DESCRIPTION =
  'Traits every customer profile carries: the system ones Signpost records, and your own sent with identify().';

type DialogState =
  | { kind: 'create' }
  | { kind: 'edit'; attribute: CustomDataAttribute }
  | { kind: 'delete'; attribute: CustomDataAttribute }
  | null;

const isCustom = (a: DataAttribute): a is CustomDataAttribute => !a.system && a.id !== null;
/** System attributes have no id; their field name is unique, so it keys their row. */
const rowKey = (a: DataAttribute) => (a.id === null ? `system:${a.field_name}` : String(a.id));

/** /customer-profiles/data-attributes (Data Attributes). */
export function DataAttributesView() {
  const brandId = useCurrentBrandId();
  return (
    <section aria-labelledby={HEADING_ID}>
      {brandId === null ? (
        <>
          <AttributesPageHeader id={HEADING_ID} title={TITLE} description={DESCRIPTION} />
          <NoBrandState />
        </>
      ) : (
        <DataAttributesManager key={brandId} brandId={brandId} />
      )}
    </section>
  );
}

function DataAttributesManager({ brandId }: { brandId: number }) {
  const attributes = useDataAttributes(brandId);
  const [dialog, setDialog] = useState<DialogState>(null);
  const close = () => setDialog(null);
  const list = attributes.data ?? [];
  const remove = useDeleteDataAttribute(brandId, {
    onSuccess: () => {
      notify.success(MESSAGES.profiles.attributeDeleted);
      close();
    },
  });
  const find = (key: string) => list.filter(isCustom).find((a) => rowKey(a) === key);

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
      {list.length > 0 ? (
        <AttributesTable
          caption={TITLE}
          rows={list.map((a) => ({
            key: rowKey(a),
            fieldName: a.field_name,
            name: a.name,
            dataType: a.data_type,
            system: !isCustom(a),
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

      <DataAttributeDialog
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
