// SKELETON: replaced by the mining back office (issue 11).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

export function adminMiningRoutes(_app: FastifyInstance, _ctx: AppContext) {}
