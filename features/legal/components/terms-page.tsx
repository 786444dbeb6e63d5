import Link from 'next/link';
import { APP_NAME } from '@/lib/constants';
import { paths } from '@/lib/paths';
import { LogoMark } from '@/components/ui/icons';
import { PrivacyPolicy } from './privacy-policy';
import { TermsOfUse } from './terms-of-use';

const LAST_UPDATED = '1 November 2025';

/** /terms-of-use-and-privacy-policy (public, no sidebar). */
export function TermsPage() {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-6">
          <Link href={paths.home()} className="flex items-center gap-2 rounded-md">
            <LogoMark className="h-8 w-8" />
            <span className="font-semibold text-slate-900">{APP_NAME}</span>
          </Link>
          <Link
            href={paths.signIn()}
            className="text-sm font-medium text-brand-600 hover:underline"
          >
            Sign in
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-6 py-10">
        <h1 className="text-3xl font-bold text-slate-900">Terms of Use and Privacy Policy</h1>
        <p className="mt-2 text-sm text-slate-500">Last updated {LAST_UPDATED}</p>
        <nav aria-label="On this page" className="mt-6 flex gap-4 text-sm">
          <a href="#terms-title" className="font-medium text-brand-600 hover:underline">
            Terms of Use
          </a>
          <a href="#privacy-title" className="font-medium text-brand-600 hover:underline">
            Privacy Policy
          </a>
        </nav>
        <div className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-10">
          <TermsOfUse />
          <PrivacyPolicy />
        </div>
      </main>
    </div>
  );
}
