/** A file size for people: 1 decimal from KB on (1 KB = 1024 bytes). */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** The first hex digits of a SHA-256: enough to compare at a glance; the copy button gives the whole. */
export const shortSha = (sha256: string) => `${sha256.slice(0, 12)}…`;
