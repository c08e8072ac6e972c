import { type CodeKey, codeKeys } from '@safety-shield/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope.js';
import { AppError } from './errors.js';
import { requestLanguage } from './language.js';

/** Sends a catalogue failure with the HTTP status of its class. */
export function sendFailure(req: FastifyRequest, reply: FastifyReply, codeKey: CodeKey, detail?: string, data?: unknown) {
  req.resultCodeKey = codeKey;
  return reply.status(codeKeys[codeKey].status).send(failure(codeKey, requestLanguage(req), detail, data));
}

/** The field a schema validation error is about: 'username', 'query.page', ... */
function invalidField(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return '';
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return [path, missing].filter(Boolean).join('.') || (error.validationContext ?? '');
}

/** One place turns every thrown error into the envelope; no stack trace ever reaches the caller. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) return sendFailure(req, reply, error.codeKey, error.detail, error.data);
    if (error.validation) {
      const field = invalidField(error);
      return sendFailure(req, reply, 'PARAM_CHECK_FAIL', field, { field });
    }
    // Fastify's own client errors: malformed JSON, wrong content type, body too large.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendFailure(req, reply, 'PARAM_CHECK_FAIL', error.code);
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendFailure(req, reply, 'SERVER_EXCEPTION');
  });
}
