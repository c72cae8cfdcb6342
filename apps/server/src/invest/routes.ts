// SKELETON: replaced by the invest capability (issue 11).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

export function investRoutes(_app: FastifyInstance, _ctx: AppContext) {}
