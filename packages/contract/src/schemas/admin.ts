import { z } from 'zod';
import { zLimit, zPage } from '../validators.ts';

export const adminLoginInput = z.object({
  username: z.string({ message: 'parameter_error' }).trim().min(1, 'parameter_error').max(64, 'parameter_error'),
  password: z.string({ message: 'parameter_error' }).min(1, 'parameter_error').max(200, 'parameter_error'),
});

export const adminPageInput = z.object({ page: zPage, limit: zLimit, q: z.string().trim().max(100).optional() });

export const idParam = z.object({ id: z.coerce.number({ message: 'parameter_error' }).int('parameter_error').positive('parameter_error') });
