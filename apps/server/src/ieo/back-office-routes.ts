// SKELETON: replaced by the ieo back office (issue 11).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

export function adminIeoRoutes(_app: FastifyInstance, _ctx: AppContext) {}
