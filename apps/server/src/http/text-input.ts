import { containsUnstorableText } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { sendError } from './envelope.ts';

/**
 * Every route's input (body, query and path, JSON or form-encoded) is refused with parameter_error when
 * any string in it holds a NUL or a lone surrogate (the contract's containsUnstorableText). PostgreSQL and
 * PGlite cannot store either, so such text used to fail in the query with a 500 on 21 routes, logins
 * included (security review finding 5). One hook before validation covers every route, present and
 * future, whichever schema or handler reads the field; multipart file bytes are not strings and pass.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    if (containsUnstorableText(request.body) || containsUnstorableText(request.query) || containsUnstorableText(request.params)) {
      return sendError(request, reply, 'parameter_error');
    }
  });
}
