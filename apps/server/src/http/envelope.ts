import { envelopeTypeOf, errorMessage, httpStatusOf, toLang, type ErrorCode, type Lang } from '@fairex/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

export const ok = <T>(message: T) => ({ type: 'ok' as const, message });

export function sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, params?: Readonly<Record<string, string>>) {
  return reply
    .status(httpStatusOf(code))
    .send({ type: envelopeTypeOf(code), message: errorMessage(code, request.lang ?? 'en', params), code });
}

/** Fastify's own errors for malformed requests, all of which are the caller's fault. */
function codeOfFrameworkError(error: FastifyError): ErrorCode | undefined {
  if (error.statusCode === 429) return 'too_many_requests';
  if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) return 'upload_too_large';
  if (error.code?.startsWith('FST_') || (error.statusCode && error.statusCode < 500)) return 'parameter_error';
  return undefined;
}

/**
 * The envelope of spec section 8 for every answer: the request's language comes from `lang` in the
 * query or body, else Accept-Language; failures become a translated message, never a stack trace.
 */
export function installEnvelope(app: FastifyInstance) {
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    request.lang = toLang(query?.lang ?? request.headers['accept-language']);
  });
  app.addHook('preValidation', async (request) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && 'lang' in body) request.lang = toLang(body.lang);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) return sendError(request, reply, error.code, error.params);
    const code = codeOfFrameworkError(error);
    if (code) return sendError(request, reply, code);
    request.log.error({ err: error }, 'unexpected error');
    return sendError(request, reply, 'internal_error');
  });
}
