import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Where the list is written, for `.ci/run` to print at the end (each pass names its own file). */
const PASSED_ON_RETRY_FILE = process.env.E2E_PASSED_ON_RETRY_FILE ?? path.join(import.meta.dirname, 'test-results', 'passed-on-retry.txt');

/**
 * Lists every test that failed and then passed when Playwright ran it again (`retries` in CI): such a test keeps the
 * run green, but it is named under its own heading at the end of the run and in PASSED_ON_RETRY_FILE, so that its
 * cause gets fixed rather than forgotten.
 */
export default class PassedOnRetryReporter implements Reporter {
  private readonly passedOnRetry = new Map<string, string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' && result.retry > 0) {
      const [, project, file, ...titles] = test.titlePath();
      this.passedOnRetry.set(test.id, `[${project}] ${file} › ${titles.join(' › ')} (passed on attempt ${result.retry + 1})`);
    }
  }

  onEnd(_result: FullResult): void {
    const lines = [...this.passedOnRetry.values()];
    const report = lines.length === 0 ? 'Passed only on retry: none\n' : `Passed only on retry (${lines.length}):\n${lines.map((line) => `  ${line}`).join('\n')}\n`;
    mkdirSync(path.dirname(PASSED_ON_RETRY_FILE), { recursive: true });
    writeFileSync(PASSED_ON_RETRY_FILE, report);
    if (lines.length > 0) process.stdout.write(`\n=== ${report}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
