import { expect, test, type Page } from '@playwright/test';
import { signUpThroughApi } from '../fixtures.ts';

/** Every CSP violation the page reports (DOM events) and every console message about one. */
async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportPolicyViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

test('the public pages, signing in and the account page work under the Content-Security-Policy', async ({ page, request }) => {
  const { email, password } = await signUpThroughApi(request, 'csp');
  const violations = await watchPolicyViolations(page);

  const home = await page.goto('/');
  expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/restaurants');
  await expect(page.getByRole('link', { name: /Trattoria Rossi/ }).first()).toBeVisible();

  await page.goto('/trattoria-rossi');
  await expect(page.getByRole('heading', { level: 1, name: 'Trattoria Rossi' })).toBeVisible();

  await page.goto('/account?section=details');
  await expect(page).toHaveTitle('Signing in | GoodTable');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(email);

  expect(violations).toEqual([]);
});

test('a toast is styled by its stylesheet file, not by an inline <style> the policy refuses', async ({ page, request }) => {
  const { email } = await signUpThroughApi(request, 'csp-toast');
  const violations = await watchPolicyViolations(page);
  await page.goto('/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('wrong-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/The email address or password is incorrect\./);
  // Sonner's own stylesheet positions its toaster; without it the toasts would sit in the page flow.
  await expect(page.locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
  expect(violations).toEqual([]);
});

test('the API reference at /docs renders under its policy', async ({ page }) => {
  const violations = await watchPolicyViolations(page);
  const response = await page.goto('/docs');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Swagger UI parses and lays out the whole document (about 300 KB, every route) before it shows anything.
  await expect(page.getByText('GoodTable API').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(violations).toEqual([]);
});
