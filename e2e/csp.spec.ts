import { watchViolations } from './csp-watch.js';
import { expect, test } from './fixtures.js';

/**
 * Issue 15: the policy's headers, and the API docs page under it. Every page of the route table is opened under the
 * same policy by the layout gate (e2e/layout.spec.ts), at two widths in two languages, and fails on any violation.
 */
test('answers carry the security headers, and the API docs work under the Content-Security-Policy', async ({ page, baseURL }) => {
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

  await page.goto('/docs');
  await expect(page.getByText('Safety Shield API')).toBeVisible();
  expect(violations).toEqual([]);
});
