import { MESSAGES } from '@/lib/messages';
import { UserIcon } from '@/components/ui/icons';

/** No customers at all, or none matching the search and filter. */
export function ProfilesEmptyState({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <UserIcon className="h-6 w-6" />
      </span>
      <p className="mt-4 max-w-sm text-sm text-slate-600">
        {filtered ? MESSAGES.profiles.noMatch : MESSAGES.profiles.empty}
      </p>
    </div>
  );
}
