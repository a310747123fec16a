import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { navTitle, waitForShell } from '../support/app';
import { registerCustomer, sandboxDeposit, signInAs } from '../support/customer';

test.describe('message centre and live updates', () => {
  test('a sandbox deposit appears as a message on the open page without a reload; open it; mark all read', async ({
    page,
    request,
  }) => {
    const customer = await registerCustomer(request, 'messages');
    await signInAs(page, customer);
    await page.goto('/pages/index/information');
    await waitForShell(page);
    await expect(navTitle(page, 'Messages')).toBeVisible();
    await expect(page.getByText('No messages yet')).toBeVisible();
    await expectAccessible(page);

    // Two deposits credited while the page is open: the live stream brings them in.
    await sandboxDeposit(request, customer, '25');
    await expect(page.getByRole('button', { name: /Unread\W+Deposit credited/ })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('1 unread')).toBeVisible();
    await sandboxDeposit(request, customer, '40.5');
    await expect(page.getByRole('button', { name: /Deposit credited/ })).toHaveCount(2, { timeout: 15_000 });
    await expect(page.getByText('2 unread')).toBeVisible();
    await expect(page.getByText(/40\.5.*USDT.*credited to your wallet/)).toBeVisible();
    await expectAccessible(page);

    await page
      .getByRole('button', { name: /Deposit credited/ })
      .first()
      .click();
    await expect(navTitle(page, 'Message')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Deposit credited' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByText('1 unread')).toBeVisible();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('All caught up')).toBeVisible();
    await expect(page.getByRole('button', { name: /Unread/ })).toHaveCount(0);
  });

  test('announcements: pinned first, opening one reads it, mark all read clears the count', async ({
    page,
    request,
  }) => {
    const customer = await registerCustomer(request, 'announce');
    await signInAs(page, customer);
    await page.goto('/pages/index/information');
    await waitForShell(page);
    await page.getByRole('tab', { name: /Announcements/ }).click();
    const pinned = page.getByRole('button', {
      name: /Unread\W+Pinned\W*3DS verification: confirm online payments in the app/,
    });
    await expect(pinned).toBeVisible();
    const tabName = async () => (await page.getByRole('tab', { name: /Announcements/ }).textContent()) ?? '';
    const before = Number((await tabName()).replace(/\D/g, ''));
    expect(before).toBeGreaterThanOrEqual(3);
    await expectAccessible(page);
    await pinned.click();
    await expect(
      page.getByRole('heading', { name: '3DS verification: confirm online payments in the app' }),
    ).toBeVisible();
    await expect(page.getByText(/Approve it with your passkey/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('tab', { name: new RegExp(`Announcements\\W*${before - 1}$`) })).toBeVisible();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('All caught up')).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Announcements$/ })).toBeVisible();
  });

  test("someone else's message does not exist or is not open", async ({ page, request }) => {
    const owner = await registerCustomer(request, 'msg-owner');
    await sandboxDeposit(request, owner, '30');
    const stranger = await registerCustomer(request, 'msg-stranger');
    // The owner's message id, read through the API.
    let id = '';
    await expect
      .poll(
        async () => {
          const res = await request.get('/api/notifications/messages', { headers: { 'Access-Token': owner.token } });
          id = ((await res.json()) as { data: { data: { id: string }[] } }).data.data[0]?.id ?? '';
          return id;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');
    await signInAs(page, stranger);
    await page.goto(`/pages/index/information-detail?id=${id}`);
    await waitForShell(page);
    await expect(page.getByRole('alert')).toHaveText('The message does not exist or is not open.');
  });

  test.describe('in Arabic (right to left)', () => {
    test.use({ locale: 'ar-AE' });
    test('the message list reads right to left with the amount left to right', async ({ page, request }) => {
      const customer = await registerCustomer(request, 'messages-ar');
      await sandboxDeposit(request, customer, '1234.5');
      await signInAs(page, customer);
      await page.goto('/pages/index/information');
      await waitForShell(page);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(navTitle(page, 'الرسائل')).toBeVisible();
      await expect(page.getByRole('button', { name: /تمت إضافة الإيداع/ })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('1 غير مقروءة')).toBeVisible();
      await expectAccessible(page);
    });
  });
});
