/**
 * Work a server process does on a timer (visa reminders, the pending-photo sweep):
 * once at start, then every interval, never two runs of one job at once, and
 * stopped (waiting for a run under way) before the stores close.
 */
import { log as defaultLog } from "./log.server";

type Log = Pick<typeof defaultLog, "error">;

export function startPeriodicJob(
  name: string,
  intervalMs: number,
  run: () => Promise<void>,
  log: Log = defaultLog,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = run()
      .catch((error: unknown) => log.error(name, error))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
