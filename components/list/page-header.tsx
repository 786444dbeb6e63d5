import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { PlusIcon } from '@/components/ui/icons';

export interface PageHeaderProps {
  /** Id of the heading, for the `aria-labelledby` of the page's section. */
  id: string;
  title: string;
  description: ReactNode;
  /** The page's main actions, on the right. */
  actions?: ReactNode;
}

/** The title, explanation and main actions at the top of a list page. */
export function PageHeader({ id, title, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p>
      </div>
      {actions}
    </div>
  );
}

/** The page's main "Create …" action as a link, with its plus sign ("Create segment"). */
export function CreateLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} className={buttonClasses()}>
      <PlusIcon className="h-4 w-4" />
      {children}
    </Link>
  );
}

/**
 * The page's main "Create …" action as a button, with its plus sign, for a list whose new item is
 * made in a dialog ("Create short link").
 */
export function CreateButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <Button onClick={onClick}>
      <PlusIcon className="h-4 w-4" />
      {children}
    </Button>
  );
}
