import type { Logger } from '@server/logger';

export type Periodic = { stop: () => Promise<void> };

/**
 * Runs `task` now and then every `intervalMs`, never two at a time, never holding the process open. A failure is
 * logged as `<name> failed` and the next run tries again. `stop` clears the timer and waits for a run in progress.
 */
export function runPeriodically(name: string, task: () => Promise<unknown>, logger: Logger, intervalMs: number): Periodic {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = task()
      .then(() => undefined)
      .catch((err: unknown) => logger.error({ err: { message: (err as Error)?.message } }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** Stops several periodic tasks together. */
export function allOf(...tasks: Periodic[]): Periodic {
  return { stop: async () => void (await Promise.all(tasks.map((t) => t.stop()))) };
}
