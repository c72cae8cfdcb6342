/**
 * The user app as a person drives it in chromium: hash routes, and signing up or logging in through the
 * forms. Shared by the journeys so there is one way to do each.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { latestCodeFor } from './api.ts';

/** Password hashing (sign-up, login, password change) can take seconds on a busy machine. */
export const SLOW = { timeout: 15_000 };
export const hashOf = (page: Page) => new URL(page.url()).hash;
export const go = (page: Page, route: string) => page.goto(`/#${route}`);

/** Waits until the page itself is there (its title bar) and nothing on it is still loading. */
export async function settled(page: Page, message?: string) {
  await page.locator('#root h1:visible').first().waitFor({ timeout: 15_000 });
  await expect.poll(() => page.locator('#root [role="status"]').count(), { message, timeout: 15_000 }).toBe(0);
}

/** Signs up by email with the code read from the outbox; the app lands on the home page, logged in. */
export async function register(page: Page, email: string, password: string) {
  await go(page, '/pages/common/register');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect.poll(() => page.getByRole('button', { name: /Resend in \d+ s/ }).isVisible()).toBe(true);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Verification code').fill(await latestCodeFor(new URL(page.url()).origin, email));
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect.poll(() => hashOf(page), SLOW).toBe('#/');
}

/** Fills and sends the login form of the page already open. */
export async function login(page: Page, account: string, password: string) {
  await page.getByLabel('Username / email / mobile').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * Opens `route` with `storage` (token, lang, theme) in place before the app starts: stored on a first
 * load, then a full load of the route. Not a hash change and a reload: a hash set just after a load can
 * race the router's start-up, whose replaceState chromium may apply after it, so the reload opens home.
 */
export async function openWithStorage(page: Page, route: string, storage: Record<string, string>) {
  await page.goto('/');
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  await page.goto('about:blank');
  await page.goto(`/#${route}`);
}
