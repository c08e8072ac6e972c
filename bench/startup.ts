import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPortal } from '../e2e/portal.js';
import { median, printTable, saveResult } from './lib.js';

/** Start-up on an existing data directory: process start to the first successful health response. Target ≤ 3 s. */
export async function benchStartup(runs = 5) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'safety-shield-bench-'));
  try {
    await (await startPortal({ ADMIN_PASSWORD: 'Bench1234admin' }, dataDir)).stop(); // creates and migrates the database
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const portal = await startPortal({}, dataDir);
      times.push(performance.now() - started);
      await portal.stop();
    }
    const result = { runs: times.map((ms) => Math.round(ms)), medianMs: Math.round(median(times)), targetMs: 3000 };
    printTable('Start-up to first health response (existing data directory)', [
      { 'median ms': result.medianMs, 'runs ms': result.runs.join(', '), 'target ms': 3000 },
    ]);
    await saveResult('startup', result);
    return result;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
