import { useState } from 'react';
import type { ActiveSession } from '@/lib/contracts/auth';
import { formatDateTime } from '@/lib/format';
import { parseUserAgent } from '@/lib/user-agent';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RowsSkeleton } from '@/components/ui/skeleton';
import { notify } from '@/components/ui/toast';
import { useRevokeSessions, useSessions } from '../hooks/use-sessions';
import { RetryAlert } from '@/components/ui/retry-alert';

/** "Firefox on Linux (desktop)", or the raw agent when it cannot be read. */
export function deviceLabel(userAgent: string | null): string {
  const { browser, os, device } = parseUserAgent(userAgent);
  if (!browser && !os) return userAgent ? userAgent.slice(0, 60) : 'Unknown device';
  const name = [browser ?? 'Browser', os ? `on ${os}` : null].filter(Boolean).join(' ');
  return device ? `${name} (${device})` : name;
}

function SessionRow(props: { session: ActiveSession; onSignOut: () => void }) {
  const { session } = props;
  const device = deviceLabel(session.user_agent);
  return (
    <li
      aria-label={device}
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3"
    >
      <div className="flex flex-col gap-0.5">
        <span className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          {device}
          {session.current ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
              This device
            </span>
          ) : null}
        </span>
        <span className="text-sm text-slate-500">
          Last used {formatDateTime(session.last_used_at)}
          {session.ip ? ` · ${session.ip}` : ''} · signed in {formatDateTime(session.created_at)}
        </span>
      </div>
      {session.current ? null : (
        <Button
          variant="ghost"
          size="sm"
          onClick={props.onSignOut}
          aria-label={`Sign out ${device}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * Where the account is signed in: each live session with its device and last use; "Sign out"
 * ends one (its open pages lose their live connection at once), "Sign out everywhere else" ends
 * all but this one. Both ask first.
 */
export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSessions();
  const [target, setTarget] = useState<ActiveSession | 'others' | null>(null);
  const others = sessions.data?.filter((s) => !s.current) ?? [];

  const confirm = () => {
    if (target === null) return;
    revoke.mutate(target === 'others' ? 'others' : target.id, {
      onSuccess: (result) => {
        setTarget(null);
        notify.success(result.message);
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Sessions end 30 days after their last use, and 90 days after signing in at the latest.
        </p>
        <Button
          variant="secondary"
          disabled={others.length === 0}
          onClick={() => setTarget('others')}
        >
          Sign out everywhere else
        </Button>
      </div>
      {sessions.isPending ? (
        <RowsSkeleton label="Loading sessions" columns={['w-40', 'w-56', 'ml-auto w-20']} />
      ) : null}
      {sessions.isError ? (
        <RetryAlert message={sessions.error.message} onRetry={() => void sessions.refetch()} />
      ) : null}
      {sessions.isSuccess ? (
        <ul aria-label="Active sessions" className="flex flex-col gap-2">
          {sessions.data.map((s) => (
            <SessionRow key={s.id} session={s} onSignOut={() => setTarget(s)} />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open && !revoke.isPending) {
            setTarget(null);
            revoke.reset();
          }
        }}
        title={target === 'others' ? 'Sign out everywhere else' : 'Sign out session'}
        description={
          target === 'others'
            ? `Every other session (${others.length}) is signed out and must sign in again.`
            : target
              ? `${deviceLabel(target.user_agent)} is signed out and must sign in again.`
              : ''
        }
        confirmLabel="Sign out"
        variant="danger"
        pending={revoke.isPending}
        error={revoke.error?.message ?? null}
        onConfirm={confirm}
      />
    </div>
  );
}
