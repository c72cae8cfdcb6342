// SKELETON: replaced by its part.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

export function adminNftRoutes(_app: FastifyInstance, _ctx: AppContext) {}
