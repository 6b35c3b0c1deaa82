import type { Page } from 'playwright-core';
import type { Motion } from '@poselab/biomech';

/** What the analysis dashboard specs read off the page, and the motions they seed. */

export const chartAttr = (page: Page, name: string) =>
  page
    .getByTestId('linear-chart')
    .first()
    .evaluate((el, n) => (el as HTMLElement).dataset[n] ?? '', name);

export const speedValues = (page: Page) =>
  page.locator('[data-metric="gait_speed"]').getByTestId('metric-value').allTextContents();

/** A motion played `factor` times slower (the same real joint angles over a longer time). */
export const slowed = (m: Motion, factor: number): Motion => ({
  ...m,
  time: m.time.map((t) => Number((t * factor).toFixed(6))),
});
