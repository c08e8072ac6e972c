import { type Endpoint, invertedSpan, spansOf } from '@safety-shield/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * The check of an endpoint's spans (contract `spans.ts`: a start after its end is PARAM_CHECK_FAIL naming the end),
 * run after validation and before the handler; undefined for an endpoint that names no span.
 */
export function spanCheck(declaration: Pick<Endpoint, 'query' | 'body'>) {
  const query = spansOf(declaration.query);
  const body = spansOf(declaration.body);
  if (query.length === 0 && body.length === 0) return undefined;
  return async (req: FastifyRequest) => {
    const field = invertedSpan(query, req.query) ?? invertedSpan(body, req.body);
    if (field) throw new AppError('PARAM_CHECK_FAIL', field, { field });
  };
}
