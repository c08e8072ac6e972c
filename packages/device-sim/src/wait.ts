export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the promise, or gives up after `ms` (the promise itself goes on). */
export function withTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}
