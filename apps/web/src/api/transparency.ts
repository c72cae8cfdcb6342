import type { TransparencyAnswer } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { get } from './client.ts';

/** The public transparency page (GET /api/transparency, no login): every figure in one answer. */
export const transparencyKeys = { all: ['transparency'] as const };

/** The server computes the answer afresh every few seconds at most; the page asks again each minute. */
export const TRANSPARENCY_REFRESH_MS = 60_000;

export const useTransparency = () =>
  useQuery({ queryKey: transparencyKeys.all, queryFn: () => get<TransparencyAnswer>('/transparency'), refetchInterval: TRANSPARENCY_REFRESH_MS });
