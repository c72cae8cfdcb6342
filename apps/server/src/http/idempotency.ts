/**
 * Idempotent money calls. A client may send a key with an order, a withdrawal, a transfer or an
 * exchange (`client_id` or the `Idempotency-Key` header, validated by the contract); a retry with the
 * same key, by the same user, on the same call gets the first answer, and no money moves twice. The
 * same key with another request is refused (idempotency_key_reused).
 *
 * Two ways to hold the key, by where the call writes its business row:
 * - `once`: the call runs one transaction; the key is claimed at its start and answered at its end, in
 *   that same transaction, so the key and the money commit together or not at all. A concurrent retry
 *   waits on the key's row (PostgreSQL) or behind the transaction (PGlite) and then reads the answer.
 * - `onceAround`: the call's rows are written elsewhere (a spot order, by its symbol's writer in a
 *   batch): the key is claimed first, committed without an answer, and answered after the call. A
 *   concurrent retry waits for the answer. A refusal frees the key; an unknown outcome (a crash, a
 *   failed commit) leaves it claimed, so a retry is told the request is in progress rather than risk a
 *   second order.
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, idempotencyInput } from '@fairex/contract';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../accounts/sessions.ts';
import type { Db, Tx } from '../db/client.ts';
import { deleteClaim, findClaim, insertClaim, saveAnswer, type Claim, type StoredKey } from '../idempotency/repository.ts';
import { DomainError, parse } from './errors.ts';

export type IdempotentCall = 'order' | 'withdrawal' | 'transfer' | 'exchange' | 'option' | 'dual' | 'ieo' | 'mining' | 'nft' | 'otc' | 'loan';
export type { Claim } from '../idempotency/repository.ts';

/** How a service runs its transaction; `once` hands it one that holds the key too. */
export type Transact = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
export const plainTransact =
  (db: Db): Transact =>
  (work) =>
    db.transaction(work);

/** How long a retry waits for a first request still running before it is told so. */
export const IDEMPOTENCY_WAIT_MS = 10_000;
const POLL_MS = 25;

/** The same input in any key order gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const fingerprintOf = (input: unknown) => createHash('sha256').update(canonical(input)).digest('hex');

/**
 * The request's claim, or undefined when it carries no key. `input` is the validated input that
 * decides the outcome (secrets such as the pay password left out: a hash of one is not kept).
 */
export function claimOf(request: FastifyRequest, call: IdempotentCall, input: unknown): Claim | undefined {
  const data = { ...(request.query as object), ...(request.body as object) } as { client_id?: unknown };
  const given = request.headers[IDEMPOTENCY_HEADER];
  // No key at all (most orders): nothing to validate.
  if ((data.client_id === undefined || data.client_id === '') && (given === undefined || given === '')) return undefined;
  const { client_id, header } = parse(idempotencyInput, { client_id: data.client_id, header: given });
  if (client_id && header && client_id !== header) throw new DomainError('idempotency_key_invalid');
  const key = client_id ?? header;
  if (!key) return undefined;
  return { userId: currentUser(request).id, call, key, fingerprint: fingerprintOf(input) };
}

/** The stored answer for the claim, refused when the key was used for another request; undefined while pending. */
function answerOf<T>(stored: StoredKey, claim: Claim): { value: T } | undefined {
  if (stored.fingerprint !== claim.fingerprint) throw new DomainError('idempotency_key_reused');
  return (stored.answer as { value: T } | null) ?? undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call whose business rows are written in the one transaction it runs through `transact`. */
export async function once<T>(db: Db, claim: Claim | undefined, run: (transact: Transact) => Promise<T>): Promise<T> {
  if (!claim) return run(plainTransact(db));
  // An answered retry returns before the call's own checks run again (they may no longer pass).
  const stored = await findClaim(db, claim);
  if (stored) {
    const answer = answerOf<T>(stored, claim);
    if (answer) return answer.value;
  }
  const transact: Transact = <R>(work: (tx: Tx) => Promise<R>) =>
    db.transaction(async (tx) => {
      if (!(await insertClaim(tx, claim))) {
        const first = await findClaim(tx, claim);
        const answer = first && answerOf<R>(first, claim);
        if (!answer) throw new DomainError('idempotency_in_progress');
        return answer.value;
      }
      const answer = await work(tx);
      await saveAnswer(tx, claim, answer);
      return answer;
    });
  return run(transact);
}

/** A call whose business rows are written outside the request's transaction (spot orders). */
export async function onceAround<T>(db: Db, claim: Claim | undefined, call: () => Promise<T>, waitMs = IDEMPOTENCY_WAIT_MS): Promise<T> {
  if (!claim) return call();
  const deadline = Date.now() + waitMs;
  while (!(await insertClaim(db, claim))) {
    const stored = await findClaim(db, claim);
    // Freed by a refusal in between: claim again.
    if (!stored) continue;
    const answer = answerOf<T>(stored, claim);
    if (answer) return answer.value;
    if (Date.now() > deadline) throw new DomainError('idempotency_in_progress');
    await sleep(POLL_MS);
  }
  let answer: T;
  try {
    answer = await call();
  } catch (error) {
    // A refusal placed nothing: the key is free for another try. Anything else may have placed it.
    if (error instanceof DomainError) await deleteClaim(db, claim);
    throw error;
  }
  await saveAnswer(db, claim, answer);
  return answer;
}
