// SKELETON: replaced by the invest back office (issue 11).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

export function adminInvestRoutes(_app: FastifyInstance, _ctx: AppContext) {}
