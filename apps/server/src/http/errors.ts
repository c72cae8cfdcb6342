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

/** Fields of an error that say what failed without the data it failed on (PostgreSQL's and Node's). */
const LOGGED_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType', 'query'] as const;
/** The shape pino's error serializer gives (Fastify's logger options ask for it). */
export type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };
/** How many causes deep an error is logged. */
const LOGGED_CAUSES_MAX = 5;

/**
 * An error as the log may keep it: type, message, stack, the fields of LOGGED_ERROR_FIELDS and its
 * causes, and never the values a query carried. Drizzle writes a failed query's parameters into its
 * message ("params: a@example.com,..."), PostgreSQL puts row values into `detail` ("Key (email)=(...)")
 * and `where`, and some messages quote the refused value ('invalid input syntax for type integer: "x"'):
 * those were login names, passwords' neighbours and support message bodies in the log (security
 * finding 5). Parameters are counted, not shown; the SQL text itself holds placeholders only.
 *   Failed query: select ... where email = $1\nparams: a@b.c  ->  message "Failed query: select ... where email = $1", params_count 1
 *   invalid input syntax for type integer: "abc"             ->  'invalid input syntax for type integer: "[redacted]"'
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: typeof error === 'string' ? redactedMessage(error) : '', stack: '' };
  const raw = error as Error & Record<string, unknown>;
  const message = redactedMessage(error.message);
  // The stack opens with "Name: message" (several lines for Drizzle's): that head is replaced, the frames kept.
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  const logged: LoggedError = { type: error.name, message, stack: `${error.name}: ${message}${frames >= 0 ? error.stack!.slice(frames) : ''}` };
  for (const field of LOGGED_ERROR_FIELDS) if (raw[field] !== undefined && raw[field] !== null && raw[field] !== '') logged[field] = raw[field];
  if (Array.isArray(raw.params)) logged.params_count = raw.params.length;
  if (raw.cause !== undefined && depth < LOGGED_CAUSES_MAX) logged.cause = errorForLog(raw.cause, depth + 1);
  return logged;
}

function redactedMessage(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, '').replace(/: ".*"$/s, ': "[redacted]"');
}
