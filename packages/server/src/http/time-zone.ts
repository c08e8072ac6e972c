import { isTimeZone } from '@safety-shield/contract';
import type { FastifyRequest } from 'fastify';

/** The header the console sends on every call: the browser's IANA time zone (issue 16, docs/decisions.md). */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** The browser's time zone as the console tells it; a missing or unknown name is no zone (a hint is never refused). */
export function browserTimeZone(req: FastifyRequest): string | undefined {
  const sent = req.headers[TIME_ZONE_HEADER];
  return isTimeZone(sent) ? sent : undefined;
}
