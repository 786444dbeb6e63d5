import { useState } from 'react';
import { NoBrandState } from '@/components/no-brand-state';
import { Button } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';
import { notify } from '@/components/ui/toast';
import { useAttributeDefinitions } from '../hooks/use-attribute-definitions';
import { useDeleteAttribute } from '../hooks/use-attribute-mutations';
import { useCurrentBrandId } from '../hooks/use-current-brand-id';
import type { AttributeFieldKey, AttributeKind, EditableAttribute } from '../lib/attribute-kinds';
import { AttributeDialog } from './attribute-dialog';
import { AttributesLoading } from './attributes-loading';
import { AttributesPageHeader } from './attributes-page-header';
import { AttributesTable } from './attributes-table';
import { DeleteAttributeDialog } from './delete-attribute-dialog';
import { RetryAlert } from '@/components/ui/retry-alert';

type DialogState<TAttribute> =
  | { kind: 'create' }
  | { kind: 'edit'; attribute: TAttribute }
  | { kind: 'delete'; attribute: TAttribute }
  | null;

export interface AttributesViewProps<
  K extends AttributeFieldKey,
  TItem,
  TAttribute extends EditableAttribute<K>,
> {
  /** Data or metadata attributes. */
  kind: AttributeKind<K, TItem, TAttribute>;
}

/** A definitions page (Data Attributes, Metadata Attributes): list, add, edit and delete. */
export function AttributesView<
  K extends AttributeFieldKey,
  TItem,
  TAttribute extends EditableAttribute<K>,
>({ kind }: AttributesViewProps<K, TItem, TAttribute>) {
  const brandId = useCurrentBrandId();
  const { headingId, title, description } = kind.labels;
  return (
    <section aria-labelledby={headingId}>
      {brandId === null ? (
        <>
          <AttributesPageHeader id={headingId} title={title} description={description} />
          <NoBrandState />
        </>
      ) : (
        <AttributesManager key={brandId} kind={kind} brandId={brandId} />
      )}
    </section>
  );
}

function AttributesManager<
  K extends AttributeFieldKey,
  TItem,
  TAttribute extends EditableAttribute<K>,
>({ kind, brandId }: { kind: AttributeKind<K, TItem, TAttribute>; brandId: number }) {
  const { headingId, title, description, empty } = kind.labels;
  const attributes = useAttributeDefinitions(kind, brandId);
  const [dialog, setDialog] = useState<DialogState<TAttribute>>(null);
  const close = () => setDialog(null);
  const list = attributes.data ?? [];
  const remove = useDeleteAttribute(kind, brandId, {
    onSuccess: () => {
      notify.success(kind.messages.deleted);
      close();
    },
  });
  const rows = list.map((item) => ({ row: kind.toRow(item), attribute: kind.editable(item) }));
  const find = (key: string) => rows.find((r) => r.attribute && r.row.key === key)?.attribute;

  return (
    <>
      <AttributesPageHeader
        id={headingId}
        title={title}
        description={description}
        action={
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <PlusIcon className="h-4 w-4" />
            Add attribute
          </Button>
        }
      />
      {attributes.isPending ? <AttributesLoading /> : null}
      {attributes.isError ? (
        <RetryAlert message={attributes.error.message} onRetry={() => void attributes.refetch()} />
      ) : null}
      {empty && attributes.isSuccess && list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600">
          {empty}
        </p>
      ) : null}
      {list.length > 0 ? (
        <AttributesTable
          caption={title}
          rows={rows.map((r) => r.row)}
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

      <AttributeDialog
        kind={kind}
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
