// Proves the two rules that keep hostile names and characters out of the server: an account kind is
// one of the table's own names (never a name every object inherits), and text with a NUL or a lone
// surrogate is found at any depth of a request's input, keys included.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_KINDS, containsUnstorableText, hasUnstorableCharacters, toAccountKind, zEmail } from '../src/index.ts';

const PROTOTYPE_NAMES = ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'toLocaleString', '__defineGetter__'];

describe('toAccountKind', () => {
  it('maps legacy names, domain names and numeric ids', () => {
    expect(toAccountKind('change')).toBe('spot');
    expect(toAccountKind('legal')).toBe('fiat');
    expect(toAccountKind('spot')).toBe('spot');
    expect(toAccountKind(3)).toBe('contract');
    expect(toAccountKind('10')).toBe('margin');
    expect(ACCOUNT_KINDS.every((kind) => toAccountKind(kind) === kind)).toBe(true);
  });

  it('refuses the names every object inherits, which the review turned into ghost ledger accounts', () => {
    for (const name of PROTOTYPE_NAMES) expect(toAccountKind(name), name).toBeUndefined();
    expect(toAccountKind(' toString ')).toBeUndefined();
    expect(toAccountKind('nope')).toBeUndefined();
  });
});

describe('unstorable text', () => {
  it('finds a NUL and a lone surrogate, and lets whole surrogate pairs and any script through', () => {
    for (const text of ['Alice', '中国银行 北京分行', '😀', 'a😀b', '']) expect(hasUnstorableCharacters(text), text).toBe(false);
    for (const text of ['a\u0000b', '\u0000', '\ud800', 'x\udc00', '\ude00\ud83d', '😀\ud83d', 'ok\udbff']) expect(hasUnstorableCharacters(text), JSON.stringify(text)).toBe(true);
  });

  it('finds it at any depth of a request input, in keys too, without overflowing on deep nesting', () => {
    expect(containsUnstorableText({ a: ['x', { b: 'y\u0000' }] })).toBe(true);
    expect(containsUnstorableText({ 'k\ud800': 1 })).toBe(true);
    expect(containsUnstorableText({ a: ['x', { b: 'y' }], n: 1, t: true, z: null })).toBe(false);
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(containsUnstorableText(deep)).toBe(true);
  });

  it('makes the contract text schemas refuse it', () => {
    expect(zEmail.safeParse('a\u0000@example.com').success).toBe(false);
    expect(zEmail.safeParse('a\ud800@example.com').success).toBe(false);
    expect(zEmail.safeParse('a@example.com').success).toBe(true);
  });
});
