/**
 * POST /api/test/clock (advance_ms): moves the server's clock forward, for e2e runs that must see a
 * day's interest or a settlement without waiting. Registered only on a TEST_CLOCK start under
 * NODE_ENV=test (config.ts), never in development or production.
 */
import { testClockInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import type { MovableClock } from '../clock.ts';
import { ok } from './envelope.ts';
import { parse } from './errors.ts';

export function testClockRoutes(app: FastifyInstance, clock: MovableClock) {
  app.get('/test/clock', async () => ok({ now: clock.now() }));
  app.post('/test/clock', async (request) => ok({ now: clock.advance(parse(testClockInput, request.body).advance_ms) }));
}
