import Link from 'next/link';
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

const CELL = 'px-3 py-2.5 text-sm text-slate-700';
const HEAD = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-500';

/** A bordered, horizontally scrolling table; `caption` names it for screen readers. */
export function Table({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** The header row. */
export function THead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-slate-50">
      <tr>{children}</tr>
    </thead>
  );
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>;
}

type Align = { align?: 'left' | 'right' };

/** A column heading. */
export function Th({
  align = 'left',
  className,
  ...props
}: Omit<ThHTMLAttributes<HTMLTableCellElement>, 'align'> & Align) {
  return (
    <th scope="col" className={cn(HEAD, align === 'right' && 'text-right', className)} {...props} />
  );
}

/** A body row, highlighted under the pointer. */
export function Tr({ children, hover = true }: { children: ReactNode; hover?: boolean }) {
  return <tr className={hover ? 'hover:bg-slate-50' : undefined}>{children}</tr>;
}

/** A body cell; numbers align right in tabular figures. */
export function Td({
  align = 'left',
  className,
  ...props
}: Omit<TdHTMLAttributes<HTMLTableCellElement>, 'align'> & Align) {
  return (
    <td
      className={cn(CELL, align === 'right' && 'text-right tabular-nums', className)}
      {...props}
    />
  );
}

/** The cell that names its row (a row header). */
export function RowHeader({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="row" className={cn(CELL, 'text-left font-medium', className)} {...props} />;
}

/** The last cell of a row: the row's actions, right-aligned on one line. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <Td className="text-right">
      <div className="flex items-center justify-end gap-2">{children}</div>
    </Td>
  );
}

const ROW_LINK = 'text-brand-700 hover:underline focus-visible:underline';

/**
 * A link in a row: the row's name in its header cell, or an action ("Edit") in its actions
 * cell, where `of` names the row for screen readers ("Edit Spring sale").
 */
export function RowLink({
  href,
  children,
  of,
}: {
  href: string;
  children: ReactNode;
  /** The row's name, for an action link: its accessible name is `{children} {of}`. */
  of?: string;
}) {
  return (
    <Link
      href={href}
      className={ROW_LINK}
      aria-label={
        of !== undefined && typeof children === 'string' ? `${children} ${of}` : undefined
      }
    >
      {children}
    </Link>
  );
}

/** A small secondary button in a row's actions; its accessible name is `{label} {of}`. */
export function RowButton({
  label,
  of,
  ...props
}: Omit<ButtonProps, 'children' | 'variant' | 'size' | 'aria-label'> & {
  label: string;
  /** The row's name ("Delete Spring sale"). */
  of: string;
}) {
  return (
    <Button variant="secondary" size="sm" aria-label={`${label} ${of}`} {...props}>
      {label}
    </Button>
  );
}
