import { randomInt } from 'node:crypto';
import type { Lang } from '@fairex/contract';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import type { Limits } from '../limits.ts';
import type { Notifier } from '../notify/notifier.ts';
import { DomainError } from '../http/errors.ts';
import { codeMessage } from '../notify/templates.ts';
import { sha256 } from './passwords.ts';
import { verificationCodes } from './tables.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type CodeRequest = { channel: 'mail' | 'sms'; target: string; scene: string; ip: string; lang: Lang };

/** Bound to target and scene, so a code for one address or purpose never works for another. */
/** What sending a code uses: the database, the code limits, the notifier, and whether to log the code. */
export type SendCodeDeps = {
  db: Db;
  limits: Pick<Limits, 'codeResendMs' | 'codesPerIpPerHour' | 'codesPerTargetPerDay'>;
  notifier: Notifier;
  config: { production: boolean };
};

/** What checking a code uses. */
export type CheckCodeDeps = { db: Db; limits: Pick<Limits, 'codeAttemptsMax'> };

const codeHash = (target: string, scene: string, code: string) => sha256(`${target}\n${scene}\n${code}`);

/**
 * Creates a 6-digit code and sends it. Refuses a resend within the resend window, more than the daily
 * number per target and scene (a day's register codes do not use up the forget codes), and more than
 * the hourly number per client address.
 */
export async function sendCode(ctx: SendCodeDeps, request: CodeRequest, log: (line: string) => void) {
  const { db, limits } = ctx;
  const now = Date.now();
  const [latest] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, request.target), eq(verificationCodes.scene, request.scene)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (latest && now - latest.createdAt.getTime() < limits.codeResendMs) throw new DomainError('code_too_frequent');
  const [perTarget] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.target, request.target),
        eq(verificationCodes.scene, request.scene),
        gt(verificationCodes.createdAt, new Date(now - DAY_MS)),
      ),
    );
  if ((perTarget?.n ?? 0) >= limits.codesPerTargetPerDay) throw new DomainError('code_too_frequent');
  const [perIp] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.ip, request.ip), gt(verificationCodes.createdAt, new Date(now - HOUR_MS))));
  if ((perIp?.n ?? 0) >= limits.codesPerIpPerHour) throw new DomainError('too_many_requests');

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const text = codeMessage(request.lang, code, CODE_TTL_MS / 60_000);
  await db.transaction(async (tx) => {
    await tx.insert(verificationCodes).values({
      target: request.target,
      scene: request.scene,
      codeHash: codeHash(request.target, request.scene, code),
      ip: request.ip,
      expiresAt: new Date(now + CODE_TTL_MS),
    });
    await ctx.notifier.send(tx, { channel: request.channel, recipient: request.target, ...text, hasCode: true });
  });
  if (!ctx.config.production) log(`verification code for ${request.target}: ${code}`);
}

/**
 * Checks the newest live code for target and scene. The attempt is counted first, in one statement that
 * only counts while the code has attempts left, and only a counted attempt is compared: a burst of
 * concurrent guesses gets at most `codeAttemptsMax` comparisons. The count is kept outside any caller
 * transaction, so a refusal cannot roll it back. Returns the code row id for `consumeCode`.
 */
export async function checkCode(ctx: CheckCodeDeps, target: string, scene: string, code: string): Promise<number> {
  const newest = ctx.db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.target, target),
        eq(verificationCodes.scene, scene),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const [row] = await ctx.db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(sql`${verificationCodes.id} = (${newest})`, lt(verificationCodes.attempts, ctx.limits.codeAttemptsMax)))
    .returning({ id: verificationCodes.id, codeHash: verificationCodes.codeHash });
  if (!row || row.codeHash !== codeHash(target, scene, code)) throw new DomainError('code_invalid');
  return row.id;
}

/** Uses a checked code up, in the caller's transaction; a second use (a race) is refused. */
export async function consumeCode(tx: Executor, codeId: number) {
  const used = await tx
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw new DomainError('code_invalid');
}
