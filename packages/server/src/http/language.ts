import { fromAcceptLanguage, type Language } from '@safety-shield/contract';
import type { FastifyRequest } from 'fastify';

/** The caller's language: the account's, else `Accept-Language`, else English (ARCHITECTURE section 3). */
export function requestLanguage(req: FastifyRequest): Language {
  return req.principal?.language ?? fromAcceptLanguage(req.headers['accept-language']) ?? 'en';
}

/**
 * The language of a file the console asks for (exports, issue 29): the console's current one, which it sends with every
 * call as `Accept-Language`; else the account's, else English. A file is read where it was asked for, in that language.
 */
export function fileLanguage(req: FastifyRequest): Language {
  return fromAcceptLanguage(req.headers['accept-language']) ?? req.principal?.language ?? 'en';
}
