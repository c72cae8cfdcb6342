import { z } from 'zod';
import { zLimit, zPage, zPositiveInt } from '../validators.ts';

export const adminLoginInput = z.object({
  username: z.string({ message: 'parameter_error' }).trim().toLowerCase().min(1, 'parameter_error').max(64, 'parameter_error'),
  password: z.string({ message: 'parameter_error' }).min(1, 'parameter_error').max(200, 'parameter_error'),
});

export const adminPageInput = z.object({ page: zPage, limit: zLimit, q: z.string().trim().max(100).optional() });

/** An id in the path (`/admin/users/:id`, ...): a row of a serial table. */
export const idParam = z.object({ id: zPositiveInt });
