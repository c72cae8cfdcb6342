// Proves the security centre end to end in chromium against the real server: a freshly registered user is
// sent from identity verification to bind first, binds a mobile number (with an area code chosen on the
// picker) and a new email with codes read from the outbox (each binding confirmed with the login password,
// the new email also with a code sent to the current one), sets a pay password, changes the login
// password, and logs in again with the new one (the old one is refused).
import { describe, expect, inject, it } from 'vitest';
import { latestCodeFor } from '../support/api.ts';
import { openPhone, screenshot, sharedBrowser } from '../support/browser.ts';
import { go, hashOf, login, register, SLOW } from '../support/pages.ts';

const baseUrl = inject('baseUrl');
const browser = sharedBrowser();

describe('the security centre', () => {
  it('binds a mobile and an email, sets a pay password, changes the login password and logs in with it', async () => {
    const { page, context, errors } = await openPhone(browser(), baseUrl);
    const stamp = Date.now();
    const email = `security-${stamp}@example.com`;
    const newEmail = `security-new-${stamp}@example.com`;
    // A Hong Kong number (area code 852 takes 5-15 digits), unique per run.
    const mobile = `5${String(stamp).slice(-7)}`;
    const password = 'security-pass-1';
    const newPassword = 'security-pass-2';
    await register(page, email, password);

    // Identity verification refuses an account without both bindings and leads to the security centre.
    await go(page, '/pages/setting/real');
    await expect.poll(() => page.getByText('Please bind your email and mobile number before identity verification').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Go to the security centre' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/setting/security');

    // Settings lead here too.
    await go(page, '/pages/setting/setting');
    await page.getByRole('button', { name: 'Security centre' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/setting/security');
    await expect.poll(() => page.getByRole('button', { name: /^Mobile\s*Not bound/ }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: /^Payment password\s*Not set/ }).isVisible()).toBe(true);

    // Mobile: the number typed, a trip to the area list, and the sheet comes back with the number kept.
    await page.getByRole('button', { name: /^Mobile/ }).click();
    let sheet = page.getByRole('dialog', { name: 'Bind mobile number' });
    await sheet.getByLabel('Mobile', { exact: true }).fill(mobile);
    await sheet.getByRole('button', { name: 'Country or region code +86' }).click();
    // From settings, the area list is the settings' own (spec section 2: /pages/setting/areas).
    await expect.poll(() => hashOf(page)).toBe('#/pages/setting/areas');
    await page.getByLabel('Search by name or code').fill('852');
    await page.getByRole('button', { name: /Hong Kong/ }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/setting/security');
    sheet = page.getByRole('dialog', { name: 'Bind mobile number' });
    await expect.poll(() => sheet.getByRole('button', { name: 'Country or region code +852' }).isVisible()).toBe(true);
    expect(await sheet.getByLabel('Mobile', { exact: true }).inputValue()).toBe(mobile);
    // No mobile is bound yet: the login password confirms, no current-number code is asked for.
    expect(await sheet.getByLabel('Code from your current mobile number').count()).toBe(0);
    await sheet.getByLabel('Login password').fill(password);
    await sheet.getByRole('button', { name: 'Get code' }).click();
    await expect.poll(() => sheet.getByRole('button', { name: /Resend in \d+ s/ }).isVisible()).toBe(true);
    await sheet.getByLabel('Verification code').fill(await latestCodeFor(baseUrl, mobile));
    await sheet.getByRole('button', { name: 'Bind', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: new RegExp(`^Mobile\\s*\\+852 ${mobile}`) }).isVisible(), SLOW).toBe(true);

    // Email: a new address with its own code, and a code sent to the current address.
    await page.getByRole('button', { name: new RegExp(`^Email\\s*${email.replace(/[.]/g, '\\.')}`) }).click();
    sheet = page.getByRole('dialog', { name: 'Bind email' });
    await sheet.getByLabel('Email', { exact: true }).fill(newEmail);
    await sheet.getByRole('button', { name: 'Get code' }).first().click();
    await expect.poll(() => sheet.getByRole('button', { name: /Resend in \d+ s/ }).count()).toBe(1);
    await sheet.getByLabel('Verification code').fill(await latestCodeFor(baseUrl, newEmail));
    await expect.poll(() => sheet.getByText(`A code confirming the change will be sent to ${email}`).isVisible()).toBe(true);
    await sheet.getByRole('button', { name: 'Get code' }).click();
    await expect.poll(() => sheet.getByRole('button', { name: /Resend in \d+ s/ }).count()).toBe(2);
    await sheet.getByLabel('Code from your current email').fill(await latestCodeFor(baseUrl, email));
    await sheet.getByLabel('Login password').fill(password);
    await sheet.getByRole('button', { name: 'Bind', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: new RegExp(`^Email\\s*${newEmail.replace(/[.]/g, '\\.')}`) }).isVisible(), SLOW).toBe(true);
    await screenshot(page, 'security-centre');

    // Pay password: the code goes to the bound email.
    await page.getByRole('button', { name: /^Payment password/ }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/setting/payPassword');
    await expect.poll(() => page.getByText(`The verification code will be sent to ${newEmail}`).isVisible()).toBe(true);
    await page.getByLabel('New payment password').fill('2468101');
    await page.getByLabel('Confirm payment password').fill('2468101');
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Resend in \d+ s/ }).isVisible()).toBe(true);
    await page.getByLabel('Verification code').fill(await latestCodeFor(baseUrl, newEmail));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => hashOf(page), SLOW).toBe('#/pages/setting/security');
    await expect.poll(() => page.getByRole('button', { name: /^Payment password\s*Change/ }).isVisible()).toBe(true);

    // Login password.
    await page.getByRole('button', { name: /^Login password/ }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/setting/password');
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Password changed; your other devices have been logged out').isVisible(), SLOW).toBe(true);
    await expect.poll(() => hashOf(page)).toBe('#/pages/setting/security');

    // Log out; the old password is refused, the new one logs in.
    await go(page, '/pages/setting/setting');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => hashOf(page)).toBe('#/pages/common/login');
    await login(page, newEmail, password);
    await expect.poll(() => page.getByText('Login failed').isVisible(), SLOW).toBe(true);
    expect(hashOf(page)).toBe('#/pages/common/login');
    await login(page, newEmail, newPassword);
    await expect.poll(() => hashOf(page), SLOW).toBe('#/');

    // The refused login is the one intended failure.
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await context.close();
  });
});
