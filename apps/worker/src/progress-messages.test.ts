import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROGRESS_MESSAGES } from '@poselab/contract';

/** The progress texts of trial processing: ctx.step(name, pct, text), ctx.progress(pct, text), report(…). */
function reportedTexts(): string[] {
  const dir = import.meta.dirname;
  // The processors of recorded trials, whose progress the session view and the capture wizard show (other job
  // kinds, such as analyses, reports and archives, report through their own pages).
  const files = [
    'runner.ts',
    'processors/calibration.ts',
    'processors/neutral.ts',
    'processors/dynamic.ts',
    'processors/keypoint-stage.ts',
    'processors/deidentify.ts',
  ].map((f) => join(dir, f));
  const texts = new Set<string>();
  const patterns = [
    /ctx\.step\(\s*'[^']*',\s*[^,]+,\s*'([^']+)'/g,
    /ctx\.progress\([^,]+,\s*'([^']+)'/g,
    /report\([^,]+,\s*'([^']+)'/g,
    /const detecting = '([^']+)'/g,
    /message: '([^']+)' \}/g,
  ];
  for (const f of files) {
    const src = readFileSync(f, 'utf8');
    for (const re of patterns) for (const m of src.matchAll(re)) texts.add(m[1]);
  }
  return [...texts];
}

describe('progress texts', () => {
  it('are the ones the web app translates (PROGRESS_MESSAGES in the contract)', () => {
    const known = new Set<string>(Object.values(PROGRESS_MESSAGES).filter((v) => typeof v === 'string'));
    const texts = reportedTexts();
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter((t) => !known.has(t))).toEqual([]);
    expect(readFileSync(join(import.meta.dirname, 'processors/keypoint-stage.ts'), 'utf8')).toContain(
      '`${detecting} (${Math.round((100 * p.done) / Math.max(1, p.total))}%)`',
    );
  });
});
