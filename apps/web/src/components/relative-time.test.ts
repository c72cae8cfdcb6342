/**
 * Proves the one shared list time (spec section 9) on each boundary, worded in the reader's language:
 * under 5 minutes "just now", whole minutes to an hour, hours to a day, days to 30 days, then the date;
 * and that shown times move forward while they stay on screen, every list on one shared timer.
 */
import { act, render, renderHook } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadLanguage } from '../i18n/index.ts';
import { useRelativeTime } from './relative-time.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = new Date(2024, 5, 15, 12, 0, 0).getTime();

function shown(elapsedMs: number) {
  const { result } = renderHook(() => useRelativeTime());
  return result.current(NOW - elapsedMs, NOW);
}

describe('useRelativeTime', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says just now under 5 minutes and for a time in the future', () => {
    expect(shown(0)).toBe('Just now');
    expect(shown(5 * MINUTE - 1)).toBe('Just now');
    expect(shown(-10 * MINUTE)).toBe('Just now');
  });

  it('counts whole minutes from 5 minutes up to the hour', () => {
    expect(shown(5 * MINUTE)).toBe('5 minutes ago');
    expect(shown(59 * MINUTE + 59 * SECOND)).toBe('59 minutes ago');
  });

  it('counts whole hours from the hour up to the day', () => {
    expect(shown(HOUR)).toBe('1 hour ago');
    expect(shown(DAY - 1)).toBe('23 hours ago');
  });

  it('counts whole days from the day up to 30 days', () => {
    expect(shown(DAY)).toBe('1 day ago');
    expect(shown(30 * DAY - 1)).toBe('29 days ago');
  });

  it('shows the local date from 30 days', () => {
    expect(shown(30 * DAY)).toBe('2024-05-16');
  });

  it('moves a shown time forward while the list stays open, on one timer for every list', () => {
    vi.useFakeTimers({ now: NOW });
    const timers = vi.spyOn(globalThis, 'setInterval');
    const at = NOW - 4 * MINUTE;
    const Shown = () => createElement('p', null, useRelativeTime()(at));
    const lists = [render(createElement(Shown)), render(createElement(Shown))];
    const texts = () => lists.map((list) => list.container.textContent);
    expect(texts()).toEqual(['Just now', 'Just now']);
    act(() => vi.advanceTimersByTime(MINUTE));
    expect(texts()).toEqual(['5 minutes ago', '5 minutes ago']);
    act(() => vi.advanceTimersByTime(HOUR));
    expect(texts()).toEqual(['1 hour ago', '1 hour ago']);
    expect(timers).toHaveBeenCalledTimes(1);
    for (const list of lists) list.unmount();
    timers.mockRestore();
    vi.useRealTimers();
  });

  it('speaks the reader language', async () => {
    await loadLanguage('fra');
    await i18n.changeLanguage('fra');
    expect(shown(2 * HOUR)).not.toBe('2 hours ago');
    expect(shown(0)).toBe("À l'instant");
  });
});
