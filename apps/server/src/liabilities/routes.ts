/**
 * Proof of liabilities over HTTP: a user's own proof (logged in), the published snapshots (public, for
 * the transparency page and anyone checking a root), and a snapshot on an admin's demand (logged in the
 * operator log).
 */
import { liabilitiesProofInput, TRANSPARENCY_DAYS_DEFAULT, transparencyDaysInput, type LiabilitiesSnapshotTaken } from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../accounts/sessions.ts';
import { currentOperator, logAction, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { DomainError, parse } from '../http/errors.ts';
import { proofOf } from './proof.ts';
import { recentSnapshots } from './repository.ts';
import type { Snapshots } from './job.ts';

/** Public snapshot reads per client address per minute. */
export const LIABILITIES_READS_PER_MINUTE = 120;

export function liabilitiesRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'clock'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const limited = { config: { rateLimit: { max: LIABILITIES_READS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `liabilities:${r.ip}` } } };
  app.get('/liabilities/proof', auth, async (request) => {
    const { snapshot_id } = parse(liabilitiesProofInput, request.query);
    return ok(await proofOf(ctx.db, currentUser(request).id, snapshot_id));
  });
  app.get('/transparency/liabilities', limited, async (request) => {
    const { days } = parse(transparencyDaysInput, request.query);
    return ok(await recentSnapshots(ctx.db, days ?? TRANSPARENCY_DAYS_DEFAULT, ctx.clock()));
  });
}

/** POST /api/admin/liabilities/snapshot (admins): one at a time per process; a second while one runs is refused. */
export function adminLiabilitiesRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db'>, snapshots: Snapshots) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  app.post('/liabilities/snapshot', adminOnly, async (request) => {
    const operator = currentOperator(request);
    const id = await snapshots.take('operator', operator.id);
    if (id === undefined) throw new DomainError('too_many_requests');
    await logAction(ctx.db, operator.id, 'liabilities.snapshot', `pol_snapshot:${id}`);
    const taken: LiabilitiesSnapshotTaken = { id };
    return ok(taken);
  });
}
