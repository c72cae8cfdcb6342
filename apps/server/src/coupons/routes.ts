// SKELETON: replaced by its part of issue 12.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';

export function couponRoutes(_app: FastifyInstance, _ctx: AppContext) {}
