/**
 * A small TOML reader for calibration files (Pose2Sim / anipose style): [tables] (dotted names kept as one
 * string), key = value pairs with strings, numbers, booleans and (nested, multi-line) arrays, # comments.
 * Inline tables, dates and multi-line strings are not supported and give a clear error.
 */
export type TomlValue = string | number | boolean | TomlValue[];
export type TomlTable = Record<string, TomlValue>;
export interface TomlDocument {
  /** Key/value pairs before the first [table] header. */
  root: TomlTable;
  /** Tables in file order. */
  tables: Map<string, TomlTable>;
}

class Cursor {
  pos = 0;
  line = 1;
  constructor(readonly text: string) {}
  peek(): string {
    return this.text[this.pos] ?? '';
  }
  next(): string {
    const c = this.text[this.pos++] ?? '';
    if (c === '\n') this.line++;
    return c;
  }
  fail(msg: string): never {
    throw new Error(`TOML line ${this.line}: ${msg}`);
  }
  /** Skips spaces and tabs (and, when multiline, newlines and comments). */
  skip(multiline: boolean): void {
    for (;;) {
      const c = this.peek();
      if (c === ' ' || c === '\t' || c === '\r') this.pos++;
      else if (multiline && c === '\n') this.next();
      else if (c === '#') while (this.peek() && this.peek() !== '\n') this.pos++;
      else return;
    }
  }
}

function parseString(cur: Cursor): string {
  const quote = cur.next();
  let out = '';
  for (;;) {
    const c = cur.next();
    if (c === '' || c === '\n') cur.fail('unterminated string');
    if (c === quote) return out;
    if (c === '\\' && quote === '"') {
      const e = cur.next();
      const map: Record<string, string> = {
        n: '\n',
        t: '\t',
        r: '\r',
        '"': '"',
        '\\': '\\',
        b: '\b',
        f: '\f',
      };
      if (e === 'u' || e === 'U') {
        const len = e === 'u' ? 4 : 8;
        const hex = cur.text.slice(cur.pos, cur.pos + len);
        cur.pos += len;
        out += String.fromCodePoint(parseInt(hex, 16));
      } else if (e in map) out += map[e];
      else cur.fail(`unknown escape \\${e}`);
    } else out += c;
  }
}

function parseValue(cur: Cursor): TomlValue {
  const c = cur.peek();
  if (c === '"' || c === "'") {
    if (cur.text.startsWith(c.repeat(3), cur.pos)) cur.fail('multi-line strings are not supported');
    return parseString(cur);
  }
  if (c === '[') {
    cur.next();
    const items: TomlValue[] = [];
    for (;;) {
      cur.skip(true);
      if (cur.peek() === ']') {
        cur.next();
        return items;
      }
      items.push(parseValue(cur));
      cur.skip(true);
      const sep = cur.next();
      if (sep === ']') return items;
      if (sep !== ',') cur.fail(`expected ',' or ']' in array, got '${sep}'`);
    }
  }
  if (c === '{') cur.fail('inline tables are not supported');
  const m = /^[^\s,\]#]+/.exec(cur.text.slice(cur.pos, cur.pos + 64));
  if (!m) cur.fail('missing value');
  const raw = m[0];
  cur.pos += raw.length;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  const cleaned = raw.replace(/_/g, '');
  if (/^[+-]?inf$/.test(cleaned)) return cleaned.startsWith('-') ? -Infinity : Infinity;
  if (/^[+-]?nan$/.test(cleaned)) return NaN;
  if (/^0x[0-9a-f]+$/i.test(cleaned)) return parseInt(cleaned, 16);
  const n = Number(cleaned);
  if (cleaned === '' || !Number.isFinite(n)) cur.fail(`cannot read value '${raw}'`);
  return n;
}

function parseKey(cur: Cursor, end: string): string {
  cur.skip(false);
  const c = cur.peek();
  if (c === '"' || c === "'") {
    const k = parseString(cur);
    cur.skip(false);
    return k;
  }
  let k = '';
  while (cur.peek() && !end.includes(cur.peek()) && cur.peek() !== '\n') k += cur.next();
  k = k.trim();
  if (!k) cur.fail('missing key');
  return k;
}

export function parseToml(text: string): TomlDocument {
  const cur = new Cursor(text);
  const doc: TomlDocument = { root: {}, tables: new Map() };
  let table = doc.root;
  for (;;) {
    cur.skip(true);
    if (!cur.peek()) return doc;
    if (cur.peek() === '[') {
      cur.next();
      if (cur.peek() === '[') cur.fail('arrays of tables are not supported');
      const name = parseKey(cur, ']');
      if (cur.next() !== ']') cur.fail('expected ] after table name');
      if (doc.tables.has(name)) cur.fail(`table [${name}] defined twice`);
      table = {};
      doc.tables.set(name, table);
    } else {
      const key = parseKey(cur, '=');
      if (cur.next() !== '=') cur.fail(`expected '=' after key '${key}'`);
      cur.skip(false);
      if (key in table) cur.fail(`key '${key}' defined twice`);
      table[key] = parseValue(cur);
    }
    cur.skip(false);
    const c = cur.peek();
    if (c && c !== '\n') cur.fail(`unexpected '${c}' after value`);
  }
}
