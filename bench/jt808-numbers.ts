/** Bench terminal i is number BENCH_TERMINAL_BASE + i (11 digits, as a SIM's); registration storms use numbers above. */
export const BENCH_TERMINAL_BASE = 13_900_000_000;
export const terminalNumber = (i: number) => String(BENCH_TERMINAL_BASE + i);
