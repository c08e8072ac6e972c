import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export function printTable(title: string, rows: Record<string, string | number>[]) {
  console.log(`\n${title}`);
  console.table(rows);
}

export async function saveResult(name: string, result: unknown) {
  const dir = path.resolve('bench/results');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${name}.json`), `${JSON.stringify({ at: new Date().toISOString(), ...(result as object) }, null, 2)}\n`);
}
