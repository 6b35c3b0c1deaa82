import { useTranslation } from 'react-i18next';
import { resources, type Catalog } from './catalogs';
import { i18n } from './index';

/**
 * Texts defined in packages/contract (validation rules, SPEC §8 messages) are English there, because the API
 * answers with them. The web app shows them in the user's language: every contract text has a key in the
 * `contract` namespace, and a text (typed by the form's own check or answered by the server) is found by its
 * English wording and rendered through the catalogue. Parameters ({{name}}) are read back out of the English
 * text. Texts that are not contract texts pass through unchanged. See README.md beside this file.
 */

interface Pattern {
  key: string;
  regex: RegExp;
  names: string[];
  /** A plural variant without {{count}} in its text (English '_one'): the count it stands for. */
  impliedCount?: number;
}

let exact: Map<string, string> | null = null;
let patterns: Pattern[] = [];

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /\{\{\s*([\w.]+)[^}]*\}\}/g;

function flatten(catalog: Catalog, prefix: string, out: Array<[string, string]>): void {
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.push([path, value]);
    else flatten(value, path, out);
  }
}

function build(): Map<string, string> {
  const entries: Array<[string, string]> = [];
  flatten(resources.en.contract ?? {}, '', entries);
  const map = new Map<string, string>();
  patterns = [];
  for (const [path, text] of entries) {
    const plural = /_(zero|one|two|few|many|other)$/.exec(path);
    const key = plural ? path.slice(0, plural.index) : path;
    const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
    if (names.length === 0 && !plural) {
      map.set(text, key);
      continue;
    }
    const source = text
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 0 ? escapeRegex(part) : '(.+?)'))
      .join('');
    patterns.push({
      key,
      regex: new RegExp(`^${source}$`),
      names,
      impliedCount: plural?.[1] === 'one' && !names.includes('count') ? 1 : undefined,
    });
  }
  return map;
}

const asParam = (v: string): string | number => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);

/** The catalogue key and parameters of a contract text, or null when the text is not one. */
export function contractMessageKey(text: string): { key: string; params: Record<string, unknown> } | null {
  exact ??= build();
  const trimmed = text.trim();
  const key = exact.get(trimmed);
  if (key) return { key, params: {} };
  for (const p of patterns) {
    const m = p.regex.exec(trimmed);
    if (!m) continue;
    const params: Record<string, unknown> = {};
    p.names.forEach((name, i) => (params[name] = asParam(m[i + 1])));
    if (p.impliedCount !== undefined) params.count = p.impliedCount;
    return { key: p.key, params };
  }
  return null;
}

/** A contract text (or any other text, unchanged) in the UI language; several lines are looked up one by one. */
export function localizeMessage(text: string | null | undefined, t = i18n.t.bind(i18n)): string {
  if (!text) return '';
  if (text.includes('\n'))
    return text
      .split('\n')
      .map((line) => localizeMessage(line, t))
      .join('\n');
  const found = contractMessageKey(text);
  return found ? t(`contract:${found.key}`, found.params) : text;
}

/** localizeMessage for components: re-renders when the language changes. */
export function useLocalizeMessage(): (text: string | null | undefined) => string {
  const { t } = useTranslation('contract');
  return (text) => localizeMessage(text, t);
}
