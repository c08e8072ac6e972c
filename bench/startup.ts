import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPortal } from '../e2e/portal.js';
import { BENCH_ADMIN_PASSWORD, median, printTable, saveResult } from './lib.js';

/** Process start to the first successful health response of `runs` starts, each on a data directory `dirFor` gives. */
async function timeStarts(runs: number, env: Record<string, string>, dirFor: () => Promise<string>, cleanUp: boolean) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = await dirFor();
    const started = performance.now();
    const portal = await startPortal(env, dataDir);
    times.push(performance.now() - started);
    await portal.stop();
    if (cleanUp) await rm(dataDir, { recursive: true, force: true });
  }
  return { runs: times.map((ms) => Math.round(ms)), medianMs: Math.round(median(times)) };
}

const freshDir = () => mkdtemp(path.join(tmpdir(), 'safety-shield-bench-'));

/**
 * Start-up to the first successful health response. Target ≤ 3 s on an existing data directory. A first start (new
 * data directory: the database is created and migrated) is timed without the demo and with it (DEMO=1: the demo fleet
 * and its 90 days of past, issue 28), so the past's share of a newcomer's first start is their difference.
 */
export async function benchStartup(runs = 5) {
  const dataDir = await freshDir();
  try {
    await (await startPortal({ ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD }, dataDir)).stop(); // creates and migrates the database
    const existing = await timeStarts(runs, {}, async () => dataDir, false);
    const firstRuns = Math.max(1, Math.ceil(runs / 2));
    const first = await timeStarts(firstRuns, {}, freshDir, true);
    const firstWithDemo = await timeStarts(firstRuns, { DEMO: '1' }, freshDir, true);
    const result = {
      ...existing,
      targetMs: 3000,
      first,
      firstWithDemo,
      demoPastMs: firstWithDemo.medianMs - first.medianMs,
    };
    printTable('Start-up to first health response', [
      { start: 'existing data directory', 'median ms': result.medianMs, 'runs ms': result.runs.join(', '), 'target ms': 3000 },
      { start: 'first start, DEMO=0', 'median ms': first.medianMs, 'runs ms': first.runs.join(', '), 'target ms': '' },
      {
        start: 'first start with the demo and its past',
        'median ms': firstWithDemo.medianMs,
        'runs ms': firstWithDemo.runs.join(', '),
        'target ms': '',
      },
      { start: 'the demo and its past add', 'median ms': result.demoPastMs, 'runs ms': '', 'target ms': '' },
    ]);
    await saveResult('startup', result);
    return result;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
