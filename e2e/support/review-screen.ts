import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';

// Reading the review screen and the dashboard the way review-screen.e2e.ts checks them.

/** An instant as the app should show it to someone in `timeZone`: "23/11/2026, 09:00". */
export const shownIn = (timeZone: string, iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** A part of the time in London now ("hour" 0-23, "day" of the month), as digits without zero padding. */
export const londonNow = (part: 'hour' | 'day') =>
  String(
    Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        hour: 'numeric',
        day: 'numeric',
        hourCycle: 'h23',
      })
        .formatToParts(new Date())
        .find((p) => p.type === part)!.value,
    ),
  );

/** The text after a <dt> with this label. */
export const fact = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]');

/** The dashboard card of an assignment, by title. */
export const card = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

export async function violations(page: Page) {
  await page.waitForLoadState('networkidle');
  return seriousViolations(page);
}
