import type { Page } from '@playwright/test';
import { expect, logIn, test } from './fixtures.js';
import { pagesOf } from './routes.js';

/** Every page the Super Admin may open (later releases' too), by the path the route table gives it, without optional parameters. */
const superAdminPages = pagesOf('main', 'SUPER_ADMIN');

/** Collects what the browser refuses under the page's Content-Security-Policy: the event, and Chromium's console line. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${location.pathname}: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('every page works under the Content-Security-Policy: no violation on any of them', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const violations = await watchViolations(page);

  const answer = await page.request.get(`${baseURL}/login`);
  const headers = answer.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toContain('camera=()');
  // Served over plain HTTP here: no HSTS, which would pin the portal to HTTPS.
  expect(headers['strict-transport-security']).toBeUndefined();

  await page.goto('/login');
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(superAdminPages.length).toBeGreaterThan(10);
  for (const { name, path } of superAdminPages) {
    await page.goto(path);
    await expect(page.locator('main'), name).toBeVisible();
    // Let the page's own requests, workers and styles run (live pages keep a socket open: no "network idle" to wait for).
    await page.waitForTimeout(400);
  }
  await page.goto('/docs');
  await expect(page.getByText('Safety Shield API')).toBeVisible();
  expect(violations).toEqual([]);
});
