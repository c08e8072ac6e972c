import type { FastifyInstance } from 'fastify';

export interface PeriodicJob<T extends object> {
  /** What the log calls it ("statistics rollup"). */
  name: string;
  /** The first run after start-up (catching up what was missed), then one every `everyMs`. */
  firstMs: number;
  everyMs: number;
  run(): Promise<T>;
  /** Whether a run's result is worth a log line (it did something). */
  worthTelling(result: T): boolean;
}

/**
 * A job every node runs on a timer (nodes share the work through database claims or locks): one run at a time on a
 * node, a failure logged and retried at the next run, and the close waits for a run under way.
 */
export function runPeriodically<T extends object>(app: FastifyInstance, job: PeriodicJob<T>): void {
  let running: Promise<unknown> | undefined;
  const run = () => {
    running ??= job
      .run()
      .then((result) => job.worthTelling(result) && app.log.info({ ...result } as Record<string, unknown>, `${job.name}: done`))
      .catch((err: unknown) => app.log.error({ err }, `${job.name} failed; retried at the next run`))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, job.firstMs).unref();
  const every = setInterval(run, job.everyMs).unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
