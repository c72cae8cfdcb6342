/**
 * The back office as an operator drives it in chromium: a desktop-sized page, the login form, and the
 * review queues opened from the menu. Shared by the journeys so there is one way to do each.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** A desktop-sized page that records page errors for the test to assert on. */
export async function openDesktop(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/** Logs the demo operator in; the menu shows once the session is open. */
export async function operatorLogin(page: Page) {
  await page.goto('/admin/');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('admin123456');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('menuitem', { name: 'Recharges' }).waitFor();
}

/** Opens a queue from the menu and narrows it to one user, as an operator would. */
export async function openQueue(page: Page, menu: string, userId: number) {
  await page.getByRole('menuitem', { name: menu }).click();
  await page.getByRole('heading', { name: menu }).waitFor();
  await page.getByLabel('User ID').fill(String(userId));
  await page.keyboard.press('Enter');
  await expect.poll(() => page.url()).toContain(`user_id=${userId}`);
}

/** The queue row of one record, found by its id cell. */
export const rowOf = (page: Page, id: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });

/** Approves a withdrawal from the Withdrawals queue with the payment's transaction reference. */
export async function approveWithdrawal(page: Page, id: number, reference: string) {
  const dialog = page.getByRole('dialog', { name: `Approve withdrawal #${id}` });
  if (!(await dialog.isVisible())) await rowOf(page, id).getByRole('button', { name: 'Approve' }).click();
  await dialog.getByLabel('Transaction reference').fill(reference);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await rowOf(page, id).getByText('Approved').waitFor();
}
