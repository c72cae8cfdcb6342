import { ERROR_CODES, type ErrorCode } from '@fairex/contract';
import type { z } from 'zod';

/** A business refusal with a code the client can match on; the error handler translates it. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: unknown,
    /** Figures the translated message names (its {{placeholders}}), e.g. the tick a price broke. */
    readonly params?: Readonly<Record<string, string>>,
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

const isErrorCode = (value: string): value is ErrorCode => (ERROR_CODES as readonly string[]).includes(value);

/** Validates input with a contract schema; the first issue's message is an error code (or parameter_error). */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const code = first && isErrorCode(first.message) ? first.message : 'parameter_error';
  throw new DomainError(code, result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}

/** A unique-index violation (PostgreSQL 23505), as raised directly or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
