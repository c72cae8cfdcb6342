/**
 * Pay-password checks of one user run one at a time in this process (security review finding 12): each
 * reads the lock, checks the hash and records a miss before the next one starts, so only wrong passwords
 * are counted (eight concurrent right ones all pass) while a burst of concurrent guesses still stops at
 * the limit. With several server processes a burst may get one extra check per other process.
 * At most PAY_PASSWORD_CHECKS_WAITING_MAX checks of a user wait; more are refused (too_many_requests).
 */
import { DomainError } from '../http/errors.ts';

export const PAY_PASSWORD_CHECKS_WAITING_MAX = 20;

const queues = new Map<number, { tail: Promise<unknown>; size: number }>();

/** Runs `check` after the user's earlier checks in this process have ended (passed or failed). */
export async function oneCheckAtATime<T>(userId: number, check: () => Promise<T>): Promise<T> {
  const queue = queues.get(userId) ?? { tail: Promise.resolve(), size: 0 };
  if (queue.size >= PAY_PASSWORD_CHECKS_WAITING_MAX) throw new DomainError('too_many_requests');
  queue.size += 1;
  queues.set(userId, queue);
  const run = queue.tail.catch(() => undefined).then(check);
  queue.tail = run;
  try {
    return await run;
  } finally {
    queue.size -= 1;
    if (queue.size === 0) queues.delete(userId);
  }
}
