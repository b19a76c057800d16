import type { FullConfig } from '@playwright/test';

/**
 * Playwright's globalTeardown: `ledger:check` over everything the browser suite did, through the running server's
 * `/dev/ledger-check` (the run's embedded database admits only the server's process; Playwright stops its webServer
 * after this). A problem fails the run.
 */
export default async function ledgerTeardown(config: FullConfig): Promise<void> {
  const response = await fetch(new URL('/dev/ledger-check', config.projects[0]!.use.baseURL));
  if (!response.ok) throw new Error(`ledger check: /dev/ledger-check answered ${response.status}`);
  const report = (await response.json()) as { transactions: number; accounts: number; problems: string[] };
  console.log(`ledger: ${report.transactions} transactions, ${report.accounts} accounts, ${report.problems.length} problems`);
  if (report.problems.length > 0) throw new Error(`ledger check failed:\n${report.problems.join('\n')}`);
}
