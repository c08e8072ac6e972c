import type { FastifyBaseLogger } from 'fastify';

/** How many commands of a task go out at once: the rest wait their turn, so 10,000 devices do not flood the broker. */
export const DELIVERY_CONCURRENCY = 64;

/** Runs `work` on every item, at most `concurrency` at a time; each item's own failure is its handler's to report. */
export async function inTurns<T>(
  items: readonly T[],
  work: (item: T) => Promise<unknown>,
  concurrency = DELIVERY_CONCURRENCY,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/** Commands to devices in turns: each delivery's failure is logged as `what` and the others go on. */
export function deliverInTurns<T>(
  items: readonly T[],
  deliver: (item: T) => Promise<unknown>,
  log: FastifyBaseLogger,
  what: string,
): Promise<void> {
  return inTurns(items, (item) => deliver(item).catch((err: unknown) => log.error({ err }, what)));
}
