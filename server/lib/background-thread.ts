import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';

/** util-linux's chrt, by its full path: never whatever a `chrt` earlier on PATH would be. */
const CHRT = ['/usr/bin/chrt', '/bin/chrt'];

/**
 * Marks the calling thread as background work for Linux's scheduler (`SCHED_BATCH`): it keeps
 * its share of the processor, but its wake-ups no longer take the core from a thread that is
 * running. DuckDB's thread does this when its first store opens, so the server's thread is not
 * pushed off its core each time it hands that thread a write (docs/performance.md, "Background
 * threads").
 *
 * Best effort: on Linux with util-linux's `chrt`. Anywhere else, or when `chrt` is missing or
 * refused, nothing changes. Answers this thread's id when the policy is set, else null.
 */
export function runAsBackgroundThread(): number | null {
  if (process.platform !== 'linux') return null;
  try {
    // "<pid>/task/<tid>": the id of this thread, which `chrt --pid` takes.
    const tid = readlinkSync('/proc/thread-self').split('/').pop() ?? '';
    if (!/^\d+$/.test(tid)) return null;
    const chrt = CHRT.find((file) => existsSync(file));
    if (!chrt) return null;
    execFileSync(chrt, ['--batch', '--pid', '0', tid], { stdio: 'ignore', timeout: 2_000 });
    return threadPolicy(Number(tid)) === 'batch' ? Number(tid) : null;
  } catch {
    return null;
  }
}

const POLICIES: Record<string, ThreadPolicy> = { '0': 'normal', '3': 'batch', '5': 'idle' };
export type ThreadPolicy = 'normal' | 'batch' | 'idle' | 'other';

/**
 * The threads of this process with the batch policy (tests, diagnostics); empty off Linux.
 * @public Imported by the script `duckdb-thread.test.ts` runs in a child process.
 */
export function batchThreads(): number[] {
  try {
    return readdirSync('/proc/self/task')
      .map(Number)
      .filter((tid) => threadPolicy(tid) === 'batch');
  } catch {
    return [];
  }
}

/** The scheduling policy of a thread of this process, read from /proc (tests, diagnostics). */
export function threadPolicy(tid: number): ThreadPolicy | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces: count from the ")" that closes it. The policy
  // is field 41, the 39th after it.
  const policy = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38];
  return POLICIES[policy ?? ''] ?? 'other';
}
