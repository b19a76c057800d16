import { expect, test } from '@playwright/test';
import { useLanguage, waitForScreen } from '../fixtures.ts';

const SUGGESTED_TIME_ANSWER = {
  en: 'Accept the suggested time and the booking moves to Awaiting Payment: pay the deposit before the deadline to confirm it.',
  vn: 'Chấp nhận thời gian được đề xuất thì đặt chỗ chuyển sang Đang chờ thanh toán: hãy thanh toán tiền đặt cọc trước hạn để xác nhận.',
} as const;

for (const language of ['en', 'vn'] as const) {
  test(`in ${language}, the help says what accepting a suggested time does: the booking awaits the deposit`, async ({ page }) => {
    await useLanguage(page, language);
    await page.goto('/help');
    await waitForScreen(page);
    await expect(page.getByText(SUGGESTED_TIME_ANSWER[language])).toBeVisible();
    await expect(page.getByText(language === 'en' ? 'sends the booking back to the restaurant' : 'đặt chỗ sẽ được gửi lại cho nhà hàng')).toHaveCount(0);
  });
}

test('How it works speaks of restaurants, not guests', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/how-it-works');
  await waitForScreen(page);
  await expect(page.getByRole('heading', { name: 'For restaurants', exact: true })).toBeVisible();
  await expect(page.getByText('(guests)')).toHaveCount(0);
});
