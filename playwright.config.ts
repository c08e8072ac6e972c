import { defineConfig } from '@playwright/test';

/** End-to-end tests in Debian's Chromium against a portal that global-setup starts on a free port. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/global-setup.ts',
  // Three workers, each with a portal of its own (global setup); a file's tests run in order in one worker. Two left
  // a quarter of this 2-core machine idle while tests waited on devices and timers; three took 12 % less time.
  fullyParallel: false,
  workers: 3,
  // No retries: a flaky test is a bug to fix, not to repeat.
  retries: 0,
  // Several tests walk a whole flow through many screens: two minutes leaves room for a loaded machine.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    locale: 'en-US',
    // A desktop monitor: the lists show all their columns (issue 16 fits them to the width; narrower widths have their
    // own tests: layout walks, table-columns).
    viewport: { width: 1920, height: 1080 },
    // The console honours "reduce motion" (no antd animations): clicks need not wait for a menu or dialog to settle.
    contextOptions: { reducedMotion: 'reduce' },
    // No trace: recording one snapshots the page at every step of every test, a large share of the run's CPU on two
    // cores; a failure still leaves its screenshot and its page's accessibility snapshot (error-context.md).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // This machine has no network: keep Chromium from reaching for Google's services.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
