import { DEMO, expect, shot, signInAs, test } from './fixtures';

test.describe('background jobs (issue 44)', () => {
  test('an admin finds the jobs from Staff, runs one now and sees it in the audit log', async ({ page }) => {
    await signInAs(page, DEMO.admin);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('link', { name: 'Background jobs' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(page.getByRole('heading', { name: 'Background jobs' })).toBeVisible();

    const queues = page.getByTestId('job-queue');
    await expect(queues).toHaveCount(10);
    await expect(queues.filter({ hasText: 'Daily digests' })).toContainText('Every minute');
    // The demo portal has no ECB_RATES_URL: that job is listed but not set up, and cannot be run.
    const ecb = queues.filter({ hasText: 'ECB reference rates' });
    await expect(ecb).toContainText('Not set up');
    await expect(ecb.getByRole('button', { name: 'Run now: ECB reference rates' })).toBeDisabled();
    // Each job this worker runs ran once when it started.
    await expect(queues.filter({ hasText: 'Stored files without a record' })).not.toContainText('Not yet');
    // An import's check and commit run when their work arrives: nothing to run by hand.
    await expect(queues.filter({ hasText: 'Import checks' })).toContainText('When a file is uploaded');
    await expect(queues.filter({ hasText: 'Import checks' }).getByRole('button')).toHaveCount(0);
    await expect(page.getByText('No failed runs')).toBeVisible();
    await shot(page, 'jobs');

    await page.getByRole('button', { name: 'Run now: Sign-in limit counters pruned' }).click();
    await expect(page.getByText('Run queued')).toBeVisible();
    await expect(page.getByText('Sign-in limit counters pruned runs within a few seconds.')).toBeVisible();

    await page.goto('/audit?category=settings');
    await expect(page.getByRole('row').filter({ hasText: 'Background job run by hand' }).filter({ hasText: 'rate-limit-prune' }).first()).toBeVisible();
  });

  test('on a phone each job is a card with its run button, and handlers are sent to the dashboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO.admin, { at: '/jobs' });
    await expect(page.getByTestId('job-queue')).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Run now: Daily digests' })).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'jobs-phone');

    await page.context().clearCookies();
    await signInAs(page, DEMO.export, { at: '/jobs' });
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
