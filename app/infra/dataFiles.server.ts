/**
 * Files a local deployment makes in DATA_DIR the first time it starts and only reads afterwards (the session
 * secret, single sign-on's signing keys). Several processes may start at the same moment on a new DATA_DIR: the
 * file is created exclusively, so exactly one of them writes it and every other one reads what that one wrote,
 * and all of them end up with the same value.
 */
import fs from "node:fs";
import path from "node:path";

/** How long a process waits for a file that another one has created to be written (it writes right after). */
const WRITER_WAIT_MS = 5_000;
const POLL_MS = 20;

/** Blocks this thread for `ms` (start-up code, synchronous like its callers). */
function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * The value kept in `file`: made by `make` and written (owner-only) if no process has created the file yet;
 * otherwise read from it by `read`, which throws on contents that are empty or incomplete. A file another
 * process has just created may still be empty: it is read again until `read` takes it or `waitMs` has passed.
 */
export function createdOnce<T>(
  file: string,
  make: () => string,
  read: (text: string) => T,
  waitMs = WRITER_WAIT_MS,
): T {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const deadline = Date.now() + waitMs;
  for (;;) {
    const made = createExclusively(file, make);
    if (made !== null) return read(made);
    let problem: unknown;
    try {
      return read(fs.readFileSync(file, "utf8"));
    } catch (error) {
      problem = error;
    }
    // Gone: its maker failed and removed it; the next round creates it.
    if ((problem as NodeJS.ErrnoException).code === "ENOENT") continue;
    if (Date.now() >= deadline) {
      const why = problem instanceof Error ? problem.message : String(problem);
      throw new Error(
        `${file} cannot be read (${why}); if no other process is starting on this DATA_DIR, remove it and start again`,
      );
    }
    pause(POLL_MS);
  }
}

/** Creates `file` (failing if it exists) and writes what `make` gives; null if another process created it. */
function createExclusively(file: string, make: () => string): string | null {
  let fd: number;
  try {
    fd = fs.openSync(file, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return null;
    throw error;
  }
  try {
    const text = make();
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
    return text;
  } catch (error) {
    // Not left empty: whoever comes next makes it again.
    fs.rmSync(file, { force: true });
    throw error;
  } finally {
    fs.closeSync(fd);
  }
}
