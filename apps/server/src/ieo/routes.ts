// SKELETON: replaced by the ieo capability (issue 11).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

export function ieoRoutes(_app: FastifyInstance, _ctx: AppContext) {}
