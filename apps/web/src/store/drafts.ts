import { useCallback, useSyncExternalStore } from 'react';

/**
 * Form drafts kept in memory for this visit only (never persisted): a form survives a trip to another
 * page, e.g. register -> area picker -> back, without putting passwords in storage.
 */
const drafts = new Map<string, unknown>();
const listeners = new Set<() => void>();

export function readDraft<T>(key: string, initial: T): T {
  return drafts.has(key) ? (drafts.get(key) as T) : initial;
}

export function writeDraft<T>(key: string, value: T) {
  drafts.set(key, value);
  listeners.forEach((listener) => listener());
}

export const clearDraft = (key: string) => {
  drafts.delete(key);
  listeners.forEach((listener) => listener());
};

/** Forgets every draft (a new visit: the component tests' reset before each test). */
export function clearDrafts() {
  drafts.clear();
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The first read stores `initial`, so the snapshot keeps its identity across renders. */
function snapshot<T>(key: string, initial: T): T {
  if (!drafts.has(key)) drafts.set(key, initial);
  return drafts.get(key) as T;
}

export function useDraft<T>(key: string, initial: T): [T, (value: T) => void] {
  const value = useSyncExternalStore(subscribe, () => snapshot(key, initial), () => snapshot(key, initial));
  const set = useCallback((next: T) => writeDraft(key, next), [key]);
  return [value, set];
}

/** The area code chosen on /pages/common/area, shared by the register and forgot-password forms. */
export const AREA_CODE_DRAFT = 'areaCode';
