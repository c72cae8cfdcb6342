// Proves the rule for operator changes of contract risk settings (contract-settings-rules.ts): a change
// waits CONTRACT_SETTINGS_NOTICE_MS, re-sending a scheduled value keeps its notice, the value in force
// cancels, and the spread is bounded to 0.1 % of the index; worked examples from the rule's header.
import { describe, expect, it } from 'vitest';
import { CONTRACT_SETTINGS_NOTICE_MS, planSettingChanges, settingsInForce, spreadMax, spreadWithinBound, type ScheduledSettingChange } from '../src/index.ts';

const base = { maintenance_threshold: '20', overnight_rate: '0.0003', spread: '6.5' };
const tenAm = Date.parse('2026-11-27T10:00:00Z');
const day = CONTRACT_SETTINGS_NOTICE_MS;

describe('contract settings notice', () => {
  it("schedules the review's threshold of 99.99 for 24 h later and keeps 20 in force until then", () => {
    const plan = planSettingChanges(base, [], { ...base, maintenance_threshold: '99.99' }, tenAm);
    expect(plan).toEqual([
      { field: 'maintenance_threshold', action: 'schedule', value: '99.99', effectiveAt: tenAm + day },
      { field: 'overnight_rate', action: 'keep', value: '0.0003' },
      { field: 'spread', action: 'keep', value: '6.5' },
    ]);
    const scheduled: ScheduledSettingChange[] = [{ field: 'maintenance_threshold', value: '99.99', effectiveAt: tenAm + day }];
    expect(settingsInForce(base, scheduled, tenAm + day - 60_000).maintenance_threshold).toBe('20');
    expect(settingsInForce(base, scheduled, tenAm + day).maintenance_threshold).toBe('99.99');
  });

  it('keeps a scheduled change when the form sends its value again, cancels it on the value in force, replaces it otherwise', () => {
    const scheduled: ScheduledSettingChange[] = [{ field: 'maintenance_threshold', value: '99.99', effectiveAt: tenAm + day }];
    const eightPm = tenAm + 8 * 3_600_000;
    expect(planSettingChanges(base, scheduled, { ...base, maintenance_threshold: '99.990' }, eightPm)[0]).toEqual({ field: 'maintenance_threshold', action: 'keep', value: '99.99' });
    expect(planSettingChanges(base, scheduled, base, eightPm)[0]).toEqual({ field: 'maintenance_threshold', action: 'cancel', value: '20' });
    expect(planSettingChanges(base, scheduled, { ...base, maintenance_threshold: '50' }, eightPm)[0]).toEqual({ field: 'maintenance_threshold', action: 'schedule', value: '50', effectiveAt: eightPm + day });
  });

  it('gives a lower rate no exception: it waits the notice too', () => {
    expect(planSettingChanges(base, [], { ...base, overnight_rate: '0' }, tenAm)[1]).toEqual({ field: 'overnight_rate', action: 'schedule', value: '0', effectiveAt: tenAm + day });
  });

  it('bounds the spread to 0.1 % of the index: 65 at 65,000, so 6.5 passes and 100 is refused', () => {
    expect(spreadMax('65000')).toBe('65');
    expect(spreadWithinBound('6.5', '65000')).toBe(true);
    expect(spreadWithinBound('65', '65000')).toBe(true);
    expect(spreadWithinBound('100', '65000')).toBe(false);
  });
});
