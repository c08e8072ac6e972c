/**
 * Reads the device clock the simulator burns into every frame (packages/device-sim/src/ffmpeg-args.ts, `liveFilter`): 24
 * white-or-black boxes along the bottom of the 320×240 picture, bit i = bit i of the device's clock in ms modulo 2^24.
 * Comparing it with the moment the browser presents the frame gives the glass-to-glass delay (both clocks are the same
 * machine's in the demo and the benchmark; across machines they must be NTP-synchronised).
 */
export const CLOCK = { width: 320, height: 240, x: 4, y: 226, step: 13, size: 11, bits: 24 } as const;
const MODULO = 2 ** CLOCK.bits;

/** The burned-in clock (ms modulo 2^24) of the frame drawn on the canvas context, or null if the strip is not there. */
export function readClock(context: CanvasRenderingContext2D): number | null {
  const strip = context.getImageData(0, CLOCK.y - 4, CLOCK.width, CLOCK.size + 8).data;
  const row = CLOCK.size + 8;
  const luma = (x: number, y: number) => {
    const at = (y * CLOCK.width + x) * 4;
    return 0.299 * (strip[at] ?? 0) + 0.587 * (strip[at + 1] ?? 0) + 0.114 * (strip[at + 2] ?? 0);
  };
  // The strip's frame is black between the boxes: a picture without it is no simulator's.
  if (luma(CLOCK.x + CLOCK.step * CLOCK.bits - 1, Math.floor(row / 2)) > 64) return null;
  let value = 0;
  for (let bit = 0; bit < CLOCK.bits; bit++) {
    const x = CLOCK.x + CLOCK.step * bit + Math.floor(CLOCK.size / 2);
    if (luma(x, 4 + Math.floor(CLOCK.size / 2)) > 128) value += 2 ** bit;
  }
  return value;
}

/** Milliseconds from the burned-in clock to `presentedAt` (epoch ms), modulo 2^24. */
export function delaySince(clock: number, presentedAt: number): number {
  return ((((Math.round(presentedAt) % MODULO) - clock) % MODULO) + MODULO) % MODULO;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
