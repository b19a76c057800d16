import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { authResponseSchema, LOCAL_STORAGE_LANGUAGE_KEY, LOCAL_STORAGE_TOKEN_KEY, type AccessToken, type AuthResponse, type Role } from '@goodtable/shared';

export const DEMO_PASSWORD = 'goodtable-demo';

/** The seeded demo account of each role (README). */
export const DEMO_ACCOUNTS: Record<Role, string> = {
  user: 'client@example.com',
  seller: 'restaurant@example.com',
  manager: 'manager@example.com',
  cause: 'cause@example.com',
};

/** An id to put in place of `:id` when visiting a table route. */
export const SAMPLE_ID = '5b0a2c58-3f4e-4a57-9d1c-6a1f0c3e9b21';

export function samplePath(pattern: string): string {
  return pattern.replace(/:[a-zA-Z]+/g, SAMPLE_ID);
}

export function uniqueEmail(label: string): string {
  return `e2e-${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export async function signInThroughApi(request: APIRequestContext, { email, password }: { email: string; password: string }): Promise<AuthResponse> {
  const response = await request.post('/v1/auth/sign-in', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return authResponseSchema.parse(await response.json());
}

/** A new client account made through the API, for tests that must not share state. */
export async function signUpThroughApi(
  request: APIRequestContext,
  label: string,
): Promise<{ email: string; password: string; auth: AuthResponse }> {
  const email = uniqueEmail(label);
  const password = `pw-${randomUUID()}`;
  const response = await request.post('/v1/auth/sign-up', { data: { email, password, first_name: 'Linh', last_name: 'Tran' } });
  expect(response.status(), `sign-up of ${email}`).toBe(201);
  return { email, password, auth: authResponseSchema.parse(await response.json()) };
}

/** Puts a raw value under the `token` key of the app's origin, without loading the app first. */
export async function setStoredTokenValue(page: Page, value: string): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate(([key, stored]) => localStorage.setItem(key, stored), [LOCAL_STORAGE_TOKEN_KEY, value] as const);
}

export async function storeSession(page: Page, token: AccessToken): Promise<void> {
  await setStoredTokenValue(page, JSON.stringify(token));
}

export async function storedTokenValue(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), LOCAL_STORAGE_TOKEN_KEY);
}

/**
 * Waits until the visited screen has rendered (every screen has one h1; loading states have none) and is the app's:
 * a public page's served HTML shows the same h1 before the app has hydrated it and can answer a click.
 */
export async function waitForScreen(page: Page): Promise<void> {
  // Visible: while something suspends, React keeps the page it had rendered in the document, hidden, beside the
  // loading state.
  await expect(page.locator('h1:visible')).toBeVisible();
  // React keeps its fiber on every element it has rendered or hydrated (the function runs in the page, so inline).
  await page.waitForFunction(
    () => [...document.querySelectorAll('h1')].some((heading) => heading.checkVisibility() && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'))),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * The errors and warnings the page writes to its console from now on (a hydration mismatch is one), and any error it
 * throws: the array fills as they come.
 */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * The answer of the API call `queryKey` a server-rendered page was sent with (apps/web lib/server-render.ts): what the
 * page shows, as the database said it when the page was served.
 */
export async function servedAnswer<Answer>(page: Page, queryKey: readonly unknown[]): Promise<Answer> {
  const text = await page.locator('#server-render').textContent();
  const { queries } = (JSON.parse(text ?? '{}') as { queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } }).queries;
  const query = queries.find((candidate) => JSON.stringify(candidate.queryKey) === JSON.stringify(queryKey));
  expect(query, `the page was served with ${JSON.stringify(queryKey)}`).toBeDefined();
  return query!.state.data as Answer;
}

export function notFoundHeading(page: Page) {
  return page.getByRole('heading', { level: 1, name: 'Page not found' });
}

/** Opens the app in `language` (the saved choice a returning visitor has), before any of its scripts run. */
export async function useLanguage(page: Page, language: 'en' | 'vn'): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LOCAL_STORAGE_LANGUAGE_KEY, language] as const);
}
