import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tagVocabularyEntry } from '@poselab/contract';

const read = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/tags', name), 'utf8')) as unknown[];

describe('static tag vocabularies', () => {
  for (const [file, required] of [
    ['subject-tags.json', ['unimpaired', 'acl-reconstruction', 'knee-osteoarthritis', 'stroke']],
    [
      'trial-tags.json',
      ['walking', 'running', 'squat', 'counter-movement-jump', 'drop-jump', 'sit-to-stand'],
    ],
  ] as const) {
    it(`${file} holds unique {value, label} entries with the core terms`, () => {
      const list = read(file).map((e) => tagVocabularyEntry.parse(e));
      const values = list.map((e) => e.value);
      expect(new Set(values).size).toBe(values.length);
      for (const v of required) expect(values).toContain(v);
      for (const e of list) expect(e.value).toMatch(/^[a-z0-9-]+$/);
    });
  }
  it("labels 'unimpaired' as SPEC's message names it", () => {
    expect(read('subject-tags.json')).toContainEqual({ value: 'unimpaired', label: 'Unimpaired' });
  });
});
