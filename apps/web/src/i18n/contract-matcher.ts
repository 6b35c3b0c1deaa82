/**
 * Finds a contract text's catalogue key by its English wording (see contract-messages.ts). Free of the app's
 * catalogues so that the phone capture page can use it with its own small set.
 */
export type Catalog = { [key: string]: string | Catalog };

interface Pattern {
  key: string;
  regex: RegExp;
  names: string[];
  /** A plural variant without {{count}} in its text (English '_one'): the count it stands for. */
  impliedCount?: number;
}

export interface MessageMatch {
  key: string;
  params: Record<string, unknown>;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** {{name}} or {{name, format}}; split() keeps the captured name at the odd indices. */
const PLACEHOLDER = /\{\{\s*([\w.]+)[^}]*\}\}/g;
const asParam = (v: string): string | number => (/^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);

function flatten(catalog: Catalog, prefix: string, out: Array<[string, string]>): void {
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.push([path, value]);
    else flatten(value, path, out);
  }
}

/** A lookup over one English catalogue: exact texts by map, parametrised ones by pattern. */
export function createMessageMatcher(english: Catalog): (text: string) => MessageMatch | null {
  const entries: Array<[string, string]> = [];
  flatten(english, '', entries);
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [path, text] of entries) {
    const plural = /_(zero|one|two|few|many|other)$/.exec(path);
    const key = plural ? path.slice(0, plural.index) : path;
    const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
    if (names.length === 0 && !plural) {
      exact.set(text, key);
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
  return (text) => {
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
  };
}

/** Renders a text through `t` when the matcher knows it; several lines are looked up one by one. */
export function localizeWith(
  match: (text: string) => MessageMatch | null,
  t: (key: string, params: Record<string, unknown>) => string,
  text: string | null | undefined,
): string {
  if (!text) return '';
  if (text.includes('\n'))
    return text
      .split('\n')
      .map((line) => localizeWith(match, t, line))
      .join('\n');
  const found = match(text);
  if (!found) return text;
  const params = { ...found.params };
  // VALIDATION_MESSAGES.fieldError: the field's API name becomes its label, the detail a text of its own.
  if (typeof params.detail === 'string') params.detail = localizeWith(match, t, params.detail);
  if (typeof params.field === 'string') {
    const name = params.field.split('.')[0];
    params.field = t(`contract:fields.${name}`, { defaultValue: params.field });
  }
  return t(`contract:${found.key}`, params);
}
