// Proves that nothing but the two recorded ticks decides an option's outcome: the server and back-office
// source has no outcome setter, flag or control (searched by pattern; the patterns are shown to catch the
// usual names), the only write of an order's outcome is settlement's markSettled, and the back-office
// API's route table holds no write to an option order (only durations and exposure limits).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { writeRoutes } from '../support/routes.ts';

const SERVER_SRC = path.resolve(import.meta.dirname, '../../src');
const ADMIN_SRC = path.resolve(import.meta.dirname, '../../../admin/src');
const ROOT = path.resolve(SERVER_SRC, '../../..');

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const read = (file: string) => fs.readFileSync(file, 'utf8');
const relative = (file: string) => path.relative(ROOT, file);
/** camelCase joins become words: forceWin -> force_Win. */
const words = (text: string) => text.replace(/([a-z])([A-Z])/g, '$1_$2');

/** The names an operator switch over results would have: force/set/control + win/lose/result, win rates, kill rates. */
const OVERRIDE_PATTERNS = [
  /\b(force|forced|set|control|controlled|override|rig|fix|fixed|preset|manual)[_\s-]?(win|wins|lose|loss|result|outcome|profit)\b/i,
  /\b(win|lose|loss)[_\s-]?(rate|ratio|probability|percent|control|list|user)s?\b/i,
  /\b(kill|shave)[_\s-]?(rate|ratio|user)s?\b/i,
  /\bresult[_\s-]?(control|mode|override)\b/i,
];
const looksLikeOverride = (text: string) => OVERRIDE_PATTERNS.some((p) => p.test(words(text)));

// Every server file (options, admin, jobs, anything that could reach an order) and the back office.
const files = [...sourceFiles(SERVER_SRC), ...sourceFiles(ADMIN_SRC)];

describe('no outcome override in the code', () => {
  it('would see the usual names of such a switch (the search can fail)', () => {
    for (const name of ['set_result', 'forceWin', 'control_outcome', 'win_rate', 'lose-list', 'kill_rate', 'resultControl', 'preset outcome']) {
      expect(looksLikeOverride(name), name).toBe(true);
    }
    expect(looksLikeOverride('fixed windows, aligned to the clock')).toBe(false);
  });

  it('finds no outcome setter, control or win-rate setting anywhere in the server or back-office source', () => {
    const hits = files.flatMap((file) =>
      read(file)
        .split('\n')
        .map((line, i) => ({ file: relative(file), line: i + 1, text: line.trim() }))
        .filter(({ text }) => looksLikeOverride(text)),
    );
    expect(hits).toEqual([]);
  });

  it('writes an order outcome only in markSettled, called only by settlement from the two ticks', () => {
    const callers = files.filter((file) => /markSettled\(/.test(read(file))).map(relative);
    expect(callers.sort()).toEqual(['apps/server/src/options/repository.ts', 'apps/server/src/options/service.ts']);
    const updates = files.filter((file) => /update\(optionOrders\)|update\s+\$\{optionOrders\}|update\s+"?option_orders/i.test(read(file))).map(relative);
    expect(updates).toEqual(['apps/server/src/options/repository.ts']);
    const service = read(path.join(SERVER_SRC, 'options/service.ts'));
    expect(service).toContain('outcome = optionOutcome(order.direction, openPrice, close.price);');
    expect(service.match(/optionOutcome\(/g)).toHaveLength(1);
  });
});

describe('no outcome override in the back-office API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await makeTestApp();
  });
  afterAll(() => test.close());

  it('exposes no write to an option order: only durations and exposure limits are written', () => {
    expect(writeRoutes(test.app, /^\/api\/admin\/.*(option|microtrade|result|outcome|(?<![a-z])(?:win|lose)(?![a-z]))/i)).toEqual(['POST /api/admin/options/durations', 'POST /api/admin/options/exposure']);
    expect(writeRoutes(test.app, /^\/api\/microtrade/)).toEqual(['POST /api/microtrade/submit']);
  });
});
