import fs from 'node:fs';

/**
 * Exclusive lock on a data directory for one process: an O_EXCL lock file holding our pid.
 * PGlite itself does not lock its data dir, and two processes writing it would corrupt it.
 * A lock left by a dead process (pid no longer alive) is taken over.
 */
export class DataDirLock {
  private constructor(readonly file: string) {}

  static acquire(file: string): DataDirLock {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = fs.openSync(file, 'wx', 0o600);
        fs.writeSync(fd, `${process.pid}\n`);
        fs.fsyncSync(fd);
        fs.closeSync(fd);
        return new DataDirLock(file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const holder = Number.parseInt(safeRead(file), 10);
        if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
          throw new Error(
            `The data directory is locked by another running process (pid ${holder}, lock file ${file}). ` +
              'Stop that process first, or use another DATA_DIR.',
            { cause: e },
          );
        }
        // Stale lock of a crashed process: remove it and try once more (O_EXCL decides any race).
        fs.rmSync(file, { force: true });
      }
    }
    throw new Error(`Could not acquire the lock file ${file}`);
  }

  release(): void {
    if (safeRead(this.file).trim() === String(process.pid)) fs.rmSync(this.file, { force: true });
  }
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
