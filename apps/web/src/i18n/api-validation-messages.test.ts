import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@poselab/contract';
import { apiValidationMessage, isFieldlessMessage, type EndpointDef } from '@poselab/contract';
import { englishResources } from './catalogs';
import { contractMessageKey, localizeMessage } from './contract-messages';
import { i18n } from './index';

/**
 * Issue #29: no validation message of the API reaches a user untranslated. Every field of every body a user's
 * browser sends is given wrong values; each message the contract's schema produces (as the server's error
 * handler words it) must be a contract text that the German catalogue renders, naming the field by its label.
 */

const isEndpoint = (v: unknown): v is EndpointDef =>
  !!v && typeof v === 'object' && 'method' in v && 'path' in v && 'auth' in v;

function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> | null {
  let s: unknown = schema;
  for (let i = 0; i < 5 && s && !(s instanceof z.ZodObject); i++) {
    const def = (s as { _zod?: { def?: { in?: unknown; innerType?: unknown; schema?: unknown } } })._zod?.def;
    s = def?.in ?? def?.innerType ?? def?.schema;
  }
  return s instanceof z.ZodObject ? (s.shape as Record<string, z.ZodType>) : null;
}

/** Body fields of the calls a browser makes (not the worker's or the phone's). */
const USER_FIELDS: Array<[endpoint: string, field: string, schema: z.ZodType]> = Object.entries(contract)
  .filter(([, v]) => isEndpoint(v) && v.auth !== 'worker' && v.auth !== 'device')
  .flatMap(([name, v]) =>
    Object.entries(objectShape((v as EndpointDef).body) ?? {}).map(([f, s]): [string, string, z.ZodType] => [
      name,
      f,
      s,
    ]),
  );

const WRONG_VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x'.repeat(5000),
  -3,
  0,
  99999,
  1e9,
  'abc',
  {},
  [],
  true,
];

function apiMessages(field: string, schema: z.ZodType): string[] {
  return WRONG_VALUES.flatMap((value) => {
    const result = schema.safeParse(value);
    return result.success
      ? []
      : result.error.issues.map((issue) => apiValidationMessage(field, issue.message));
  });
}

describe('API validation messages in the UI language', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('covers the browser-facing bodies of the contract', () => {
    expect(USER_FIELDS.length).toBeGreaterThan(30);
    expect(USER_FIELDS.map(([, f]) => f)).toContain('institution');
  });

  it('answers only contract texts, each rendered in German with the field named by its label', async () => {
    await i18n.changeLanguage('de');
    const untranslated: string[] = [];
    for (const [endpoint, field, schema] of USER_FIELDS) {
      for (const message of apiMessages(field, schema)) {
        const de = localizeMessage(message);
        const wrong =
          !contractMessageKey(message) ||
          de === message ||
          /\{\{|contract:|Too big|Too small|Invalid input/.test(de);
        if (wrong) untranslated.push(`${endpoint}.${field}: ${message} → ${de}`);
      }
    }
    expect(untranslated).toEqual([]);
  });

  it('has a label in both languages for every field a browser sends, and none for fields it does not', () => {
    const sent = new Set(USER_FIELDS.map(([, f]) => f));
    const labels = (lang: string) =>
      Object.keys((i18n.getResourceBundle(lang, 'contract') ?? {}).fields ?? {});
    expect([...sent].filter((f) => !labels('en').includes(f))).toEqual([]);
    expect(labels('de').sort()).toEqual(labels('en').sort());
    const enLabels = (englishResources.contract as { fields: Record<string, string> }).fields;
    expect(Object.keys(enLabels).filter((f) => !sent.has(f))).toEqual([]);
  });

  it('names length errors as length errors, not as a missing value', async () => {
    const body = contract.registerBody.safeParse({ institution: 'x'.repeat(5000) });
    const institution = body.error?.issues.find((i) => i.path[0] === 'institution');
    expect(institution?.message).toBe(contract.VALIDATION_MESSAGES.tooLong(300));
    expect(isFieldlessMessage(institution!.message)).toBe(true);
    await i18n.changeLanguage('de');
    expect(localizeMessage(apiValidationMessage('institution', institution!.message))).toBe(
      'Feld „Einrichtung“: Verwenden Sie höchstens 300 Zeichen.',
    );
    expect(localizeMessage(apiValidationMessage('name', contract.VALIDATION_MESSAGES.tooLong(100)))).toBe(
      'Feld „Name“: Verwenden Sie höchstens 100 Zeichen.',
    );
  });
});
