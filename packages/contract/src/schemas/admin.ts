import { z } from 'zod';
import { zBool, zLimit, zPage, zPositiveInt } from '../validators.ts';

export const adminLoginInput = z.object({
  username: z.string({ message: 'parameter_error' }).trim().toLowerCase().min(1, 'parameter_error').max(64, 'parameter_error'),
  password: z.string({ message: 'parameter_error' }).min(1, 'parameter_error').max(200, 'parameter_error'),
});

export const adminPageInput = z.object({ page: zPage, limit: zLimit, q: z.string().trim().max(100).optional() });

/** An id in the path (`/admin/users/:id`, ...): a row of a serial table. */
export const idParam = z.object({ id: zPositiveInt });

/**
 * POST /admin/users/:id/freeze (admins): freezes (`frozen` true) or unfreezes a user, with the reason the
 * operator log keeps. A frozen user cannot log in, their sessions end and their sockets get no more private events.
 */
export const userFreezeInput = z.object({
  frozen: zBool,
  reason: z.string({ error: 'reason_required' }).trim().min(1, 'reason_required').max(500, 'reason_required'),
});
export type UserFreezeInput = z.infer<typeof userFreezeInput>;
