import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * DATA_DIR belongs to one process: PGlite corrupts a directory opened twice. Takes the lock or
 * throws a message naming the holder; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'signpost.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isFinite(holder) && holder !== process.pid && alive(holder)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another Signpost process (pid ${holder}). ` +
            'Stop it first, or point DATA_DIR at another directory.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}.`);
}
