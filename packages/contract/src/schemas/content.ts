import { z } from 'zod';
import { zLimit, zPage, zPositiveInt } from '../validators.ts';

/** Spec: c_id 4 is news, 5 is banners. */
export const NEWS_CATEGORIES = { news: 4, banner: 5 } as const;

export const newsListInput = z.object({
  c_id: z.coerce.number({ message: 'parameter_error' }).int('parameter_error').refine((v) => v === 4 || v === 5, 'parameter_error'),
  page: zPage,
  limit: zLimit,
});

export const newsDetailInput = z.object({ id: zPositiveInt });
