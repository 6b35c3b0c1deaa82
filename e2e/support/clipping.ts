import type { Page } from 'playwright-core';

/**
 * Labels a user must read whole: form and field labels, legends, buttons, tabs, chips, menu items, table
 * headers, stepper labels. A label is clipped when its box is narrower than its text (scrollWidth greater than
 * clientWidth: the end is cut or ellipsised). Issue #29: 'Wofür Sie PoseLab verwenden möch…', 'Geschwi…'.
 */
const LABELS = [
  'label',
  'legend',
  'th',
  'button',
  '[role="tab"]',
  '[role="menuitem"]',
  '.MuiInputLabel-root',
  '.MuiFormLabel-root',
  '.MuiFormControlLabel-label',
  '.MuiChip-label',
  '.MuiStepLabel-label',
  '.MuiTableSortLabel-root',
].join(',');

export async function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const text = (el.innerText || el.getAttribute('aria-label') || '').trim();
      if (!text) continue;
      // 1 px of rounding; an icon-only button has no text to cut.
      if (el.scrollWidth > el.clientWidth + 1) {
        out.push(
          `${el.tagName.toLowerCase()} "${text.slice(0, 60)}" (${el.scrollWidth} > ${el.clientWidth})`,
        );
      }
    }
    return [...new Set(out)];
  }, LABELS);
}
