import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './server';

type Catalog = { [key: string]: string | Catalog };

function flatten(c: Catalog, prefix: string, out: Map<string, string>): void {
  for (const [k, v] of Object.entries(c)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(path, v);
    else flatten(v, path, out);
  }
}

function load(lang: string): Map<string, string> {
  const dir = join(repoRoot, 'apps/web/src/i18n/locales', lang);
  const out = new Map<string, string>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(join(dir, f), 'utf8')) as Catalog, f.slice(0, -5), out);
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every English catalogue text that German says differently, as a pattern to look for on a page: {{values}}
 * match anything, <tags> of rich texts are dropped, and texts starting or ending with a letter only match whole
 * words ('Date' is not found in 'Datei').
 */
export function englishOnlyTexts(): Array<{ key: string; text: string; pattern: RegExp }> {
  const en = load('en');
  const de = load('de');
  const base = (k: string) => k.replace(/_(one|other)$/, '');
  const out: Array<{ key: string; text: string; pattern: RegExp }> = [];
  for (const [key, text] of en) {
    const german = de.get(key) ?? de.get(`${base(key)}_other`);
    if (german === undefined || german.trim() === text.trim()) continue;
    const plain = text.replace(/<\/?\w+>/g, '');
    const parts = plain.split(/\{\{[^}]*\}\}/).map((p) => escape(p));
    const source = parts.join('.+?');
    const literal = plain.replace(/\{\{[^}]*\}\}/g, '').trim();
    // Single short words ('Man', 'Sex') also occur in names of places and people: too weak a signal.
    if (literal.length < 3 || (!/\s/.test(literal) && literal.length < 4)) continue;
    const start = /^\w/.test(plain) ? '\\b' : '';
    const end = /\w$/.test(plain) ? '\\b' : '';
    out.push({ key, text, pattern: new RegExp(`${start}${source}${end}`) });
  }
  return out;
}

/** What a user reads on the page: its visible text and the labels screen readers and tooltips use. */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const el of Array.from(document.querySelectorAll('[aria-label],[title],[placeholder],[alt]'))) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(attr);
        if (v) texts.push(v);
      }
    }
    texts.push(document.title);
    return texts;
  });
}

/** The English catalogue texts found in the given page texts (key: text). */
export function englishFound(texts: string[], english: ReturnType<typeof englishOnlyTexts>): string[] {
  const found = new Set<string>();
  for (const t of texts) {
    for (const e of english) if (e.pattern.test(t)) found.add(`${e.key}: ${e.text}`);
  }
  return [...found];
}
