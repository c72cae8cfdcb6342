import { z } from 'zod';

/** Spec sections 7 and 8: every answer is an envelope. 999 = session invalid, 998 = verification required. */
export type EnvelopeType = 'ok' | '999' | '998' | 'error';
export type Ok<T> = { type: 'ok'; message: T };
export type Fail = { type: '999' | '998' | 'error'; message: string; code?: string };
export type Envelope<T> = Ok<T> | Fail;

export const okEnvelope = <T extends z.ZodType>(message: T) =>
  z.object({ type: z.literal('ok'), message });
export const failEnvelope = z.object({
  type: z.enum(['999', '998', 'error']),
  message: z.string(),
  code: z.string().optional(),
});

/** The list page shape: { data, total, page, limit }. */
export type Page<T> = { data: T[]; total: number; page: number; limit: number };
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
