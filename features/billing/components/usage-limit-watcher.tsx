import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/router';
import { lazy, Suspense, useState } from 'react';
import { isOverLimit } from '@/lib/billing';
import type { Subscription } from '@/lib/contracts/plans';
import { paths } from '@/lib/paths';
import { realtimeKeys } from '@/hooks/query-keys';
import { useCurrentUser } from '@/hooks/use-current-user';
import { useSubscription } from '@/hooks/use-subscription';
import {
  isUsageDialogDismissed,
  latestUsage,
  rememberUsageDialogDismissed,
  sessionStore,
  type UsageLimitPush,
} from '../lib/usage';

// Every signed-in page mounts the watcher; the dialog's code loads only when it has to open.
const UsageLimitDialog = lazy(() =>
  import('./usage-limit-dialog').then((m) => ({ default: m.UsageLimitDialog })),
);

/** The user is already choosing a plan or paying there: the dialog would only get in the way. */
const QUIET_PATHS: readonly string[] = [paths.checkout(), paths.plans()];

/** The newest USAGE_LIMIT push; the socket provider writes it, nothing here fetches it. */
function useUsageLimitPush() {
  return useQuery<UsageLimitPush | null>({
    queryKey: realtimeKeys.usageLimit,
    queryFn: () => null,
    enabled: false,
  }).data;
}

function Watch({
  userId,
  subscription,
  updatedAt,
}: {
  userId: string;
  subscription: Subscription;
  updatedAt: number;
}) {
  const queryClient = useQueryClient();
  const push = useUsageLimitPush();
  const [dismissed, setDismissed] = useState(() => isUsageDialogDismissed(sessionStore(), userId));
  // A push that arrived before this mount was already dealt with (or the on-load check covers it).
  const [handledPushAt, setHandledPushAt] = useState(
    () => queryClient.getQueryData<UsageLimitPush>(realtimeKeys.usageLimit)?.at ?? 0,
  );

  const { user_quota: quota, current_plan: plan } = subscription;
  const usage = latestUsage(quota, updatedAt, push);
  const pushed = push != null && push.at > handledPushAt;
  const open = pushed || (isOverLimit(usage.mau_count, usage.mau_limit) && !dismissed);

  const onOpenChange = (next: boolean) => {
    if (next) return;
    rememberUsageDialogDismissed(sessionStore(), userId);
    setDismissed(true);
    setHandledPushAt(push?.at ?? 0);
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <UsageLimitDialog
        open
        onOpenChange={onOpenChange}
        planName={plan.name}
        planCode={plan.code}
        usage={usage}
        trackingPaused={quota.tracking_paused}
      />
    </Suspense>
  );
}

/**
 * Opens the Usage limit dialog when the month's MAUs have reached the limit: once per browser
 * session and month on load, and again on every USAGE_LIMIT push. Mount once for signed-in pages.
 */
export function UsageLimitWatcher() {
  const { pathname } = useRouter();
  const { data: user } = useCurrentUser();
  const subscription = useSubscription();
  if (!user || !subscription.data || QUIET_PATHS.includes(pathname)) return null;
  // Keyed by user: another account in the same tab starts with its own dismissal state.
  return (
    <Watch
      key={user.id}
      userId={user.id}
      subscription={subscription.data}
      updatedAt={subscription.dataUpdatedAt}
    />
  );
}
