import { fromAcceptLanguage, type Language } from '@safety-shield/contract';
import type { FastifyRequest } from 'fastify';

/** The caller's language: the account's, else `Accept-Language`, else English (ARCHITECTURE section 3). */
export function requestLanguage(req: FastifyRequest): Language {
  return req.principal?.language ?? fromAcceptLanguage(req.headers['accept-language']) ?? 'en';
}
