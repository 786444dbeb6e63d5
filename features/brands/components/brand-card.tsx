import Link from 'next/link';
import { useId } from 'react';
import type { Brand } from '@/lib/contracts/brands';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useBrandStore } from '@/stores/brand';
import { Button } from '@/components/ui/button';
import { PencilIcon, RefreshIcon, TrashIcon } from '@/components/ui/icons';
import { TrackingSnippet } from './tracking-snippet';
import { WriteKey } from './write-key';

export interface BrandCardProps {
  brand: Brand;
  current: boolean;
  onEdit: (brand: Brand) => void;
  onDelete: (brand: Brand) => void;
  onRotate: (brand: Brand) => void;
}

/** One tracked product: name, domain, write key and its actions. */
export function BrandCard({ brand, current, onEdit, onDelete, onRotate }: BrandCardProps) {
  const headingId = useId();
  const setBrandId = useBrandStore((s) => s.setBrandId);
  return (
    <li
      aria-labelledby={headingId}
      data-testid="brand-card"
      className="rounded-lg border border-slate-200 p-4 transition-shadow hover:shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h3 id={headingId} className="truncate text-base font-semibold text-slate-900">
              {brand.name}
            </h3>
            {current ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                Current
              </span>
            ) : null}
          </div>
          <p className="mt-0.5 truncate text-sm text-slate-500">
            {brand.domain} · Added {formatDate(brand.created_at)}
          </p>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="sm" onClick={() => onEdit(brand)}>
            <PencilIcon className="h-4 w-4" />
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onDelete(brand)}
            className="text-red-600 hover:bg-red-50 hover:text-red-700"
          >
            <TrashIcon className="h-4 w-4" />
            Delete
          </Button>
        </div>
      </div>
      <div className="mt-4">
        <p className="mb-1.5 text-xs font-medium uppercase tracking-wide text-slate-500">
          Write key
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <WriteKey value={brand.write_key} />
          </div>
          <Button
            variant="secondary"
            size="sm"
            className="self-start sm:self-auto"
            onClick={() => onRotate(brand)}
          >
            <RefreshIcon className="h-4 w-4" />
            Rotate key
          </Button>
        </div>
      </div>
      <details className="mt-4">
        <summary className="cursor-pointer select-none text-sm font-medium text-brand-700 hover:text-brand-800">
          Install
        </summary>
        <div className="mt-3">
          <TrackingSnippet writeKey={brand.write_key} />
        </div>
      </details>
      <p className="mt-3 text-sm text-slate-600">
        {/* Settings are the current product's: following the link makes this one current. */}
        <Link
          href={`${paths.settings()}#tracking`}
          onClick={() => setBrandId(brand.id)}
          className="font-medium text-brand-700 hover:text-brand-800"
        >
          Settings<span className="sr-only"> of {brand.name}</span>
        </Link>
        : trusted sources, IP capture, filters
      </p>
    </li>
  );
}
