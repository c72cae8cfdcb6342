/**
 * Back-office operator accounts (issue 9): an admin creates, disables and re-roles operators; every
 * operator changes their own password. Each issue message is an error code the server translates.
 */
import { z } from 'zod';

export const OPERATOR_ROLE_NAMES = ['admin', 'reviewer', 'support'] as const;
/** Letters, digits, dot, dash and underscore; stored lower-case so "Alice" and "alice" are one operator. */
export const OPERATOR_USERNAME = /^[a-z0-9][a-z0-9._-]{2,31}$/;
export const OPERATOR_PASSWORD_LENGTH_MAX = 200;

const zBool = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean({ error: 'parameter_error' }));
export const zOperatorUsername = z.string({ error: 'parameter_error' }).trim().toLowerCase().regex(OPERATOR_USERNAME, 'parameter_error');
/** Only the length is bounded here; the strength rule (which needs the username) is the server's. */
const zOperatorPassword = z.string({ error: 'password_weak' }).min(1, 'password_weak').max(OPERATOR_PASSWORD_LENGTH_MAX, 'password_weak');
const zRole = z.enum(OPERATOR_ROLE_NAMES, { error: 'parameter_error' });

/** POST /api/admin/operators: the new operator must change this password at first login. */
export const operatorCreateInput = z.object({ username: zOperatorUsername, password: zOperatorPassword, role: zRole });

/** POST /api/admin/operators/:id: a new role, or disabled true/false; at least one of them. */
export const operatorEditInput = z
  .object({ role: zRole.optional(), disabled: zBool.optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, 'parameter_error');

/** POST /api/admin/password: the operator's own password, with the current one. */
export const operatorPasswordInput = z.object({
  current_password: z.string({ error: 'old_password_wrong' }).min(1, 'old_password_wrong').max(OPERATOR_PASSWORD_LENGTH_MAX, 'old_password_wrong'),
  password: zOperatorPassword,
});

export type OperatorCreateInput = z.output<typeof operatorCreateInput>;
export type OperatorEditInput = z.output<typeof operatorEditInput>;
