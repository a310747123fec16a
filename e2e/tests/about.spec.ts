import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { navTitle, waitForShell } from '../support/app';
import { registerCustomer, signInAs } from '../support/customer';

test.describe('about, help centre and user agreement', () => {
  test('about us states the operator, its licences and version 1138', async ({ page }) => {
    await page.goto('/pages/about/index');
    await waitForShell(page);
    await expect(navTitle(page, 'About us')).toBeVisible();
    await expect(page.getByText('Version 1138')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Licences' })).toBeVisible();
    await expect(page.getByText(/Money Service Operator — Customs and Excise Department/)).toBeVisible();
    await expectAccessible(page);
    await page.getByText('User agreement').click();
    await expect(navTitle(page, 'User agreement')).toBeVisible();
    await expect(page.getByRole('heading', { name: '1. The service' })).toBeVisible();
    await expectAccessible(page);
  });

  test('help: topics, search, an article, the support groups; feedback needs a rating and at most 140 characters', async ({
    page,
    request,
  }) => {
    const customer = await registerCustomer(request, 'help');
    await signInAs(page, customer);
    await page.goto('/pages/about/help');
    await waitForShell(page);
    await expect(navTitle(page, 'Help centre')).toBeVisible();
    await expect(page.getByText('Why has my deposit not arrived?')).toBeVisible();
    const topics = page.getByRole('list', { name: 'Topics' });
    await topics.getByRole('button', { name: 'Cards', exact: true }).click();
    await expect(page.getByText('How do I activate my card?')).toBeVisible();
    await expect(page.getByText('Why has my deposit not arrived?')).toHaveCount(0);
    await topics.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('searchbox').fill('confirmations');
    await expect(page.getByText('Why has my deposit not arrived?')).toBeVisible();
    await expect(page.getByText('How do I activate my card?')).toHaveCount(0);
    await page.getByText('Why has my deposit not arrived?').click();
    await expect(page.getByText(/19 blocks on TRON/)).toBeVisible();
    await page.getByRole('searchbox').fill('zzzz-nothing');
    await expect(page.getByRole('status').filter({ hasText: 'No article matches your search' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Telegram group/ })).toHaveAttribute('href', /^https:\/\/t\.me\//);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByText('Please choose a rating.')).toBeVisible();
    await expect(page.getByText('Please write a message.')).toBeVisible();
    const message = page.getByLabel('Your message');
    await message.fill('x'.repeat(150));
    await expect(message).toHaveValue('x'.repeat(140));
    await expect(page.getByText('140/140')).toBeVisible();
    await page.getByRole('radio', { name: '4 of 5 stars' }).check();
    await expect(page.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(message).toHaveValue('');
  });

  test.describe('in Arabic (right to left)', () => {
    test.use({ locale: 'ar-AE' });
    test('about and help read right to left', async ({ page }) => {
      await page.goto('/pages/about/help');
      await waitForShell(page);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(navTitle(page, 'مركز المساعدة')).toBeVisible();
      await expect(page.getByText('لماذا لم يصل إيداعي؟')).toBeVisible();
      await expect(page.getByRole('button', { name: 'سجّل الدخول لإرسال الملاحظات' })).toBeVisible();
      await expectAccessible(page);
      await page.goto('/pages/about/index');
      await expect(page.getByText('الإصدار 1138')).toBeVisible();
      await expectAccessible(page);
    });
  });
});
