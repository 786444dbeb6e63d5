import Link from 'next/link';
import { APP_NAME } from '@/lib/constants';
import { paths } from '@/lib/paths';
import { buttonClasses } from '@/components/ui/button';
import { LogoMark } from '@/components/ui/icons';

/** Friendly not-found page used by /404, /not-found and the catch-all route. */
export function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-6 text-center">
      <LogoMark className="mb-6 h-12 w-12" />
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-3 max-w-md text-slate-600">
        The page you are looking for does not exist or has moved. Check the address, or head back to{' '}
        {APP_NAME}.
      </p>
      <Link href={paths.home()} className={buttonClasses('primary', 'md', 'mt-8')}>
        Go to home page
      </Link>
    </main>
  );
}
