// Proves the pure rules of operator accounts with worked examples: how strong an operator's password must
// be, and which changes an admin may make to an operator (never to themselves, never the last admin).
import { describe, expect, it } from 'vitest';
import { characterKinds, operatorChangeProblem, operatorPasswordProblem } from '../../src/admin/rules.ts';

describe('operator password strength', () => {
  it.each([
    // [password, username, problem]
    ['admin123456', 'admin', 'too_short'], // the demo password: 11 characters
    ['Tr0ub4dor&3', 'alice', 'too_short'], // 11 characters, however mixed
    ['ab1ab1ab1ab', 'alice', 'too_short'],
    ['abcdefghijkl', 'alice', 'one_kind'], // 12 lower-case letters
    ['ABCDEFGHIJKLMNOP', 'alice', 'one_kind'],
    ['123456789012', 'alice', 'one_kind'],
    ['!!!!!!!!!!!!', 'alice', 'one_kind'],
    ['alice-2026-spring', 'alice', 'contains_username'],
    ['Spring-ALICE-2026', 'alice', 'contains_username'], // in any case
    ['alice', 'alice', 'too_short'],
    ['correct horse battery', 'alice', undefined], // lower-case and spaces: two kinds
    ['abcdefghijk1', 'alice', undefined], // 12 characters, two kinds
    ['Spring-2026-rain', 'alice', undefined],
    ['密码密码密码密码密码密码', 'alice', 'one_kind'], // 12 characters of one kind (other scripts count as symbols)
    ['密码密码密码密码密码1', 'alice', 'too_short'], // 11 characters, though 31 bytes
    ['密码密码密码密码密码12', 'alice', undefined],
  ])('judges %j for %s as %s', (password, username, problem) => {
    expect(operatorPasswordProblem(password, username)).toBe(problem);
  });

  it('counts the kinds of characters: lower-case, upper-case, digits and everything else', () => {
    expect(characterKinds('')).toBe(0);
    expect(characterKinds('aaa')).toBe(1);
    expect(characterKinds('aA')).toBe(2);
    expect(characterKinds('aA1')).toBe(3);
    expect(characterKinds('aA1 ')).toBe(4);
    expect(characterKinds('é-')).toBe(1);
  });
});

describe('operator changes', () => {
  const admin = (id: number, disabled = false) => ({ id, role: 'admin' as const, disabled });
  const reviewer = { id: 7, role: 'reviewer' as const, disabled: false };

  it('refuses disabling or de-admining the last active admin, the admin themselves included', () => {
    expect(operatorChangeProblem({ actorId: 1, target: admin(1), change: { disabled: true }, activeAdminIds: [1] })).toBe('last_admin');
    expect(operatorChangeProblem({ actorId: 1, target: admin(1), change: { role: 'support' }, activeAdminIds: [1] })).toBe('last_admin');
    // An actor who lost their own admin standing meanwhile (ids read under lock): the last one stays.
    expect(operatorChangeProblem({ actorId: 2, target: admin(1), change: { disabled: true }, activeAdminIds: [1] })).toBe('last_admin');
  });

  it('refuses an admin disabling themselves or changing their own role while other admins remain', () => {
    expect(operatorChangeProblem({ actorId: 1, target: admin(1), change: { disabled: true }, activeAdminIds: [1, 2] })).toBe('operator_self');
    expect(operatorChangeProblem({ actorId: 1, target: admin(1), change: { role: 'reviewer' }, activeAdminIds: [1, 2] })).toBe('operator_self');
  });

  it('allows what changes nothing about oneself and what leaves an active admin', () => {
    expect(operatorChangeProblem({ actorId: 1, target: admin(1), change: { role: 'admin', disabled: false }, activeAdminIds: [1] })).toBeUndefined();
    expect(operatorChangeProblem({ actorId: 1, target: admin(2), change: { disabled: true }, activeAdminIds: [1, 2] })).toBeUndefined();
    expect(operatorChangeProblem({ actorId: 1, target: admin(2), change: { role: 'support' }, activeAdminIds: [1, 2] })).toBeUndefined();
    expect(operatorChangeProblem({ actorId: 1, target: reviewer, change: { role: 'admin' }, activeAdminIds: [1] })).toBeUndefined();
    expect(operatorChangeProblem({ actorId: 1, target: reviewer, change: { disabled: true }, activeAdminIds: [1] })).toBeUndefined();
    // A disabled admin is not counted, and enabling them again is always allowed.
    expect(operatorChangeProblem({ actorId: 1, target: admin(3, true), change: { disabled: false }, activeAdminIds: [1] })).toBeUndefined();
  });
});
