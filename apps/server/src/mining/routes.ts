// SKELETON: replaced by the mining capability (issue 11).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

export function miningRoutes(_app: FastifyInstance, _ctx: AppContext) {}
