import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { focusRing } from './button';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

const hasMaxWidth = (className?: string) => /(^|\s)max-w-/.test(className ?? '');

/** Modal dialog (Radix): focus trap, Esc and overlay click close, title labels the dialog. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          className={cn(
            // A dialog taller than the window scrolls inside itself: its buttons stay reachable.
            'fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none',
            // cn() does not resolve conflicting utilities and the stylesheet puts max-w-md after
            // the wider ones, so the default width applies only when the caller gives none.
            hasMaxWidth(className) ? null : 'max-w-md',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className={cn(
                '-mr-2 -mt-1 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600',
                focusRing,
              )}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="h-4 w-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
              </svg>
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="mb-4 text-sm text-slate-600">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
