import Link from 'next/link';
import type { ReactNode } from 'react';
import { usageSummary } from '@/lib/billing';
import type { Home } from '@/lib/contracts/home';
import { formatInteger } from '@/lib/format';
import { paths } from '@/lib/paths';
import { UsageBar, UsageHeadline } from '@/components/usage-bar';
import { focusRing } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

function StatCard({ title, children }: { title: string; children: ReactNode }) {
  const id = `home-stat-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5"
    >
      <h3 id={id} className="text-sm font-medium text-slate-600">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Events of the product since midnight in its time zone. */
function TodayCard({ events }: { events: number }) {
  return (
    <StatCard title="Events today">
      <p className="text-3xl font-semibold tabular-nums text-slate-900" data-testid="events-today">
        {formatInteger(events)}
      </p>
      <p className="text-xs text-slate-500">Since midnight in the product&apos;s time zone.</p>
    </StatCard>
  );
}

/** This month's MAUs against the plan, with the billing meter's progress bar. */
function MauCard({ mau }: { mau: Home['mau'] }) {
  const usage = usageSummary({ mau_count: mau.count, mau_limit: mau.limit });
  return (
    <StatCard title="Monthly active users">
      <UsageHeadline usage={usage} />
      <UsageBar usage={usage} />
      <Link
        href={paths.plans()}
        className={cn('self-start text-sm font-medium text-brand-700 hover:underline', focusRing)}
      >
        View plans
      </Link>
    </StatCard>
  );
}

/** Published tours and their views over the past 7 days, each linking to its report. */
function LiveToursCard({ tours }: { tours: Home['live_tours'] }) {
  return (
    <StatCard title="Live tours">
      {tours.length === 0 ? (
        <p className="text-sm text-slate-600">No tour is live yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {tours.map((tour) => (
            <li key={tour.id} className="flex items-center justify-between gap-3 text-sm">
              <Link
                href={paths.flowReport(tour.id)}
                className={cn('truncate font-medium text-brand-700 hover:underline', focusRing)}
              >
                {tour.name}
              </Link>
              <span className="shrink-0 tabular-nums text-slate-600">
                {formatInteger(tour.views_this_week)}{' '}
                {tour.views_this_week === 1 ? 'view' : 'views'} this week
              </span>
            </li>
          ))}
        </ul>
      )}
    </StatCard>
  );
}

/**
 * The numbers once data flows: today's events, this month's MAUs and the live tours. Before the
 * first event there is nothing to count, so a note says where the numbers will come from.
 */
export function HomeStats({ home }: { home: Home }) {
  if (!home.checklist.snippet_installed)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-6 py-8 text-center text-sm text-slate-600">
        Your numbers appear here once your product sends its first event.
      </p>
    );
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <TodayCard events={home.today.events} />
      <MauCard mau={home.mau} />
      <LiveToursCard tours={home.live_tours} />
    </div>
  );
}
