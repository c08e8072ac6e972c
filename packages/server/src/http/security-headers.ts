import helmet from '@fastify/helmet';
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

/**
 * Every answer's security headers (issue 15): a Content-Security-Policy without inline script that the console,
 * its live video (mpegts.js reads blob: URLs, the robot check runs a worker), evidence and map tiles work under;
 * nosniff; no referrer; no camera, microphone or location for the page; HSTS only where the request came over HTTPS.
 * Styles may be inline: the component library writes its styles at run time.
 */
export async function registerSecurityHeaders(app: FastifyInstance, mapTileUrl: string | null | undefined) {
  const tiles = tileSource(mapTileUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Map tiles come from another origin without CORP headers: requiring them would blank the map.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    // Set below, only for requests that arrived over HTTPS (a plain-HTTP portal must not pin itself to HTTPS).
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self)');
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
