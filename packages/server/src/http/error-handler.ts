import type { Socket } from 'node:net';
import { type CodeKey, codeKeys } from '@safety-shield/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { failure } from './envelope.js';
import { AppError } from './errors.js';
import { requestLanguage } from './language.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The codeKey the call answered with (the operation log records it); set here on failure. */
    resultCodeKey: CodeKey;
  }
}

/** Sends a catalogue failure with the HTTP status of its class (or the one given: a device's upload is told 413). */
export function sendFailure(req: FastifyRequest, reply: FastifyReply, codeKey: CodeKey, detail?: string, data?: unknown, status?: number) {
  req.resultCodeKey = codeKey;
  return reply.status(status ?? codeKeys[codeKey].status).send(failure(codeKey, requestLanguage(req), detail, data));
}

/**
 * The field a schema validation error is about: 'username', 'query.page', 'settings.screenBrightness' (a property
 * the schema does not declare). The validator stops at the first problem, except inside a union, where each member
 * tells its own: there an undeclared property is the one named (a polygon with `closed` is not "a circle without
 * its centre").
 */
function invalidField(error: FastifyError): string {
  const problems = error.validation ?? [];
  const first = problems.find((problem) => problem.keyword === 'additionalProperties') ?? problems[0];
  if (!first) return '';
  const { missingProperty, additionalProperty } = (first.params ?? {}) as { missingProperty?: string; additionalProperty?: string };
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return [path, missingProperty ?? additionalProperty].filter(Boolean).join('.') || (error.validationContext ?? '');
}

/** The SQLSTATE of a database error, through the wrappers drizzle puts around the driver's. */
function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * What a log line may say of an error: its class and codes, never its message (a failed query's message holds the
 * statement and its parameters, i.e. user data) except for our own catalogue errors.
 */
export function loggableError(error: unknown) {
  const e = error as { name?: string; code?: unknown; statusCode?: unknown; stack?: string };
  const frames = e.stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')) ?? [];
  const type = e.name ?? typeof error;
  const state = sqlState(error);
  return {
    type,
    code: typeof e.code === 'string' ? e.code : undefined,
    sqlState: state,
    message: error instanceof AppError ? error.message : `${type}${state ? ` (SQLSTATE ${state})` : ''}: message withheld`,
    stack: frames.slice(0, 8).join('\n'),
  };
}

/**
 * Turns every failure into the envelope: our own errors, schema validation, the framework's client errors (bad
 * JSON, a body too large, a bad URL, a path parameter too long), a database that refuses a value (the schemas
 * bound every input; this is the net below them), and anything else as SERVER_EXCEPTION. No stack, framework code
 * or SQL reaches the caller; a framework code is not a translated message.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) return sendFailure(req, reply, error.codeKey, error.detail, error.data);
    if (error.validation) {
      const field = invalidField(error);
      return sendFailure(req, reply, 'PARAM_CHECK_FAIL', field, { field });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendFailure(req, reply, 'PARAM_CHECK_FAIL', undefined, null, error.statusCode);
    }
    // An update that names no field reaches the query builder with nothing to set: the schemas ask for one, this is the net.
    if (error.message === 'No values to set') return sendFailure(req, reply, 'PARAM_CHECK_FAIL');
    const state = sqlState(error);
    // Class 22 is "data exception": a value the column cannot hold (too long, out of range, NUL, a bad date).
    if (state?.startsWith('22')) {
      req.log.warn({ err: error }, 'the database refused a value');
      return sendFailure(req, reply, 'PARAM_CHECK_FAIL');
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendFailure(req, reply, 'SERVER_EXCEPTION');
  });
}

/**
 * Fastify options for the failures that happen before a route is chosen: a URL that does not decode and a request
 * the HTTP parser refuses (headers too large: 431; a malformed request: 400). Both answer the envelope.
 */
export const frameworkErrorOptions = {
  frameworkErrors: (error, req, reply) => {
    req.log.info({ err: error }, 'request refused before routing');
    return sendFailure(
      req,
      reply,
      'PARAM_CHECK_FAIL',
      undefined,
      null,
      error.statusCode && error.statusCode < 500 ? error.statusCode : 400,
    );
  },
  clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    // No request was parsed, so no language to read: the message is English.
    const body = JSON.stringify(failure('PARAM_CHECK_FAIL', 'en'));
    socket.end(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  },
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'>;
