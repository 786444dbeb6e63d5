import Link from 'next/link';
import type { ReactNode } from 'react';
import { APP_NAME } from '@/lib/constants';
import { paths } from '@/lib/paths';
import { LogoMark } from '@/components/ui/icons';

/** Centred card of the public account pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-12">
      <Link
        href={paths.home()}
        className="mb-8 flex items-center gap-2 rounded-md"
        aria-label={`${APP_NAME} home`}
      >
        <LogoMark className="h-9 w-9" />
        <span className="text-xl font-semibold text-slate-900">{APP_NAME}</span>
      </Link>
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-sm text-slate-600">{footer}</div> : null}
      <Link
        href={paths.terms()}
        className="mt-8 text-xs text-slate-500 underline-offset-2 hover:underline"
      >
        Terms and privacy
      </Link>
    </main>
  );
}

/** Text link style of the account pages. */
export const authLink =
  'font-medium text-brand-600 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 rounded-sm';
