import type { Page } from 'playwright-core';

/** A number with a decimal point followed by a unit ('0.85 s', '1.5 m'), as English writes it. */
const POINT_DECIMAL_WITH_UNIT =
  /(?<![\d.,])\d+\.\d+\s?(?:s|ms|m|cm|mm|kg|lbs|%|°|Hz|px|GB|MB|fps)(?![\p{L}\d])/gu;

/**
 * Issue #29: numbers a German page shows with a decimal point instead of a comma: in its text and attributes
 * (`texts`), and in its input fields (a bare '0.85', e.g. the viewer's time field). A slider's range input is
 * no text a user reads.
 */
export async function pointDecimals(page: Page, texts: string[]): Promise<string[]> {
  const hits = texts.flatMap((t) => t.match(POINT_DECIMAL_WITH_UNIT) ?? []);
  const fields = await page.evaluate(() =>
    Array.from(document.querySelectorAll('input:not([type=hidden]):not([type=range])'))
      .map((el) => (el as HTMLInputElement).value)
      .filter((v) => /^-?\d+\.\d+$/.test(v)),
  );
  return [...new Set([...hits, ...fields.map((v) => `field '${v}'`)])];
}
