import type { FastifyInstance } from 'fastify';

/**
 * The origin a tile URL template loads from, as a CSP source: `https://{s}.tile.example.org/{z}/{x}/{y}.png`
 * becomes `https://*.tile.example.org`. Null when no tiles are configured or the template is not a URL.
 */
export function tileSource(template: string | null | undefined): string | null {
  if (!template) return null;
  const match = /^(https?:\/\/[^/]+)/.exec(template);
  return match?.[1] ? match[1].replace(/\{[a-z]+\}/g, '*') : null;
}

/** The Content-Security-Policy of every answer. */
function contentSecurityPolicy(tiles: string | null): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // The component library writes its styles at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    // Live video: mpegts.js feeds the player from blob: URLs; the robot check solves in a worker.
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Every answer's security headers (issue 15), computed once: a Content-Security-Policy without inline script or
 * eval, no framing, nosniff, no referrer (signed evidence URLs carry their grant in the path), no camera,
 * microphone or location for the page, and HSTS only where the request came over HTTPS (through a proxy the portal
 * trusts: TRUST_PROXY). Written here rather than by a plugin that rebuilt its policy on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, mapTileUrl: string | null | undefined) {
  const headers = {
    'content-security-policy': contentSecurityPolicy(tileSource(mapTileUrl)),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
  };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
}
