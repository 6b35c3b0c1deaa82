import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';

/** A page of SPEC §2 to visit: its path, whether a visitor may open it, and what to wait for. */
export interface RouteVisit {
  name: string;
  path: string;
  /** Also opened logged out (SPEC §2 guard: Login, Register, Session, ResetPassword, NewPassword, …). */
  visitor?: boolean;
}

/** Every route of SPEC §2 with the ids of a seeded account (owner) and its public session. */
export function specRoutes(ids: {
  sessionId: string;
  publicSessionId: string;
  username: string;
}): RouteVisit[] {
  return [
    { name: 'login', path: '/login', visitor: true },
    { name: 'register', path: '/register', visitor: true },
    { name: 'reset-password', path: '/reset-password', visitor: true },
    { name: 'new-password', path: '/new-password/some-token', visitor: true },
    { name: 'license', path: '/license' },
    { name: 'sessions', path: '/sessions' },
    { name: 'root', path: '/' },
    { name: 'connect-devices-id', path: `/${ids.sessionId}/connect-devices` },
    { name: 'calibration', path: `/${ids.sessionId}/calibration` },
    { name: 'neutral', path: `/${ids.sessionId}/neutral` },
    { name: 'session', path: `/session/${ids.sessionId}` },
    { name: 'public-session', path: `/session/${ids.publicSessionId}`, visitor: true },
    { name: 'dashboard', path: `/dashboard/${ids.sessionId}` },
    { name: 'dashboard-public', path: `/dashboard/${ids.publicSessionId}`, visitor: true },
    { name: 'kinematics-dashboard', path: '/dashboard/' },
    { name: 'analysis-dashboard', path: '/analysis-dashboard/none/', visitor: true },
    { name: 'recycle-bin', path: '/recycle-bin' },
    { name: 'subjects', path: '/subjects' },
    { name: 'downloads', path: '/downloads' },
    { name: 'profile', path: `/profile/${ids.username}/`, visitor: true },
    { name: 'connect-devices', path: '/connect-devices' },
  ];
}

/** Opens a route and waits until its page heading is shown and late layout (snackbars, fonts) has settled. */
export async function openRoute(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('h1').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(900);
}

/**
 * How far the page reaches past the screen's width (0 when it fits). Measured against the viewport the page was
 * opened with: a mobile browser widens its layout viewport (and zooms out) to fit content that is too wide, so
 * window.innerWidth alone would hide the overflow.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  const width = page.viewportSize()!.width;
  const content = await page.evaluate(() =>
    Math.max(document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth),
  );
  return Math.max(0, content - width);
}

/** The elements and text reaching past the screen's right edge (the first 12 in document order). */
export async function whatReachesPast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const textBox = (n: Node): DOMRect => {
      const range = document.createRange();
      range.selectNodeContents(n);
      return range.getBoundingClientRect();
    };
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n && out.length < 12; n = walker.nextNode()) {
      // Text can overflow a box that fits (a long word), so text nodes are measured too.
      const r = n instanceof Element ? n.getBoundingClientRect() : textBox(n);
      if (r.right <= window.innerWidth + 0.5) continue;
      const what =
        n instanceof Element
          ? `${n.tagName.toLowerCase()}.${String(n.className).slice(0, 60)}`
          : `text "${(n.textContent ?? '').slice(0, 60)}" in ${n.parentElement?.tagName.toLowerCase()}`;
      out.push(`${what} → ${Math.round(r.right)} px`);
    }
    return out;
  });
}

/**
 * Waits up to 3 s for the page to fit the screen's width; otherwise saves a screenshot
 * (`<name>-overflow.png`) and fails naming what reaches past the edge.
 */
export async function expectNoSidewaysOverflow(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  await expect
    .poll(() => sidewaysOverflow(page), {
      message: `${name} overflows sideways at ${width} px`,
      timeout: 3000,
    })
    .toBeLessThanOrEqual(0)
    .catch(async (err: unknown) => {
      const wide = await whatReachesPast(page);
      await screenshot(page, `${name}-overflow`);
      throw new Error(`${String(err)}\nreaching past ${width} px: ${wide.join('; ')}`);
    });
}

/** The part of an element outside the viewport, in pixels on each side (all 0 when fully visible). */
export async function outsideViewport(page: Page, target: Locator): Promise<Record<string, number>> {
  const box = await target.boundingBox();
  const size = page.viewportSize()!;
  if (!box) return { missing: 1 };
  return {
    left: Math.max(0, -box.x),
    top: Math.max(0, -box.y),
    right: Math.max(0, box.x + box.width - size.width),
    bottom: Math.max(0, box.y + box.height - size.height),
  };
}

/** The action buttons of the open dialog (the last one MUI rendered). */
export function dialogActions(page: Page): Locator {
  return page.getByRole('dialog').last().locator('.MuiDialogActions-root button');
}
