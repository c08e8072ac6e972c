import { accountApi, healthApi } from '@safety-shield/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { tileSource } from '../src/http/security-headers.js';
import { call, urlOf } from './api-client.js';
import { testApp } from './helpers.js';

const ctx = await testApp({ mapTileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });
afterAll(() => ctx.close());

describe('security headers on every answer', () => {
  it('sends a policy without inline script, nosniff, no referrer and a closed permissions policy', async () => {
    // The last path is spelled: it must not exist (a 404 carries the headers too).
    for (const url of [urlOf(healthApi.releaseTime), urlOf(accountApi.selfInfo), '/no/such/path']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // The configured map tiles may load; nothing else from another origin.
      expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example.org");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['permissions-policy']).toContain('geolocation=()');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('pins HTTPS only for a request that came over HTTPS through a trusted proxy', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    // Without TRUST_PROXY anyone could claim HTTPS: the header is ignored.
    const untrusted = await call(ctx, undefined, healthApi.releaseTime, undefined, { headers: forwarded });
    expect(untrusted.res.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await testApp({ trustProxy: '127.0.0.1' });
    try {
      // The remote address is the proxy's: an inject option the typed call does not pass.
      const res = await behindProxy.app.inject({
        method: 'GET',
        url: urlOf(healthApi.releaseTime),
        headers: forwarded,
        remoteAddress: '127.0.0.1',
      });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await behindProxy.close();
    }
  });

  it('reads a tile template as a CSP source', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('')).toBeNull();
    expect(tileSource(null)).toBeNull();
    expect(tileSource('not a url')).toBeNull();
  });
});
