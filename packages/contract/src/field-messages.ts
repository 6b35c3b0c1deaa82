import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account-messages';
import { SUBJECT_MESSAGES } from './subject-rules';

/**
 * Validation messages for the rules a schema states without a message of its own (a length, a range, a type, a
 * choice): zod's built-in English ('Too big: expected string to have <=100 characters') never reaches a user.
 * They name no field, so that a form shows them under the field; the API's top-level message names the field
 * with fieldError(). The web app renders all of them through its `contract` catalogue (issue #29).
 */
export const VALIDATION_MESSAGES = {
  /** The same text as the subject form's (SPEC §5). */
  required: SUBJECT_MESSAGES.required,
  invalid: 'This value is not valid.',
  choice: 'Choose one of the offered values.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
  tooShort: (min: number) => `Use at least ${min} characters.`,
  tooLarge: (max: number) => `Enter at most ${max}.`,
  tooSmall: (min: number) => `Enter at least ${min}.`,
  notAbove: (max: number) => `Enter less than ${max}.`,
  notBelow: (min: number) => `Enter more than ${min}.`,
  tooMany: (max: number) => `Choose at most ${max}.`,
  tooFew: (min: number) => `Choose at least ${min}.`,
  /** The API's top-level message for a field's error: names the field by its API name. */
  fieldError: (field: string, detail: string) => `Field "${field}": ${detail}`,
} as const;

const V = VALIDATION_MESSAGES;

/** The generic (field-less) texts above, recognised again in a message (the server adds the field to them). */
const GENERIC_PATTERNS: RegExp[] = [
  ...[V.required, V.invalid, V.choice].map((s) => new RegExp(`^${s.replace(/[.?]/g, '\\$&')}$`)),
  ...[V.tooLong, V.tooShort, V.tooLarge, V.tooSmall, V.notAbove, V.notBelow, V.tooMany, V.tooFew].map(
    (f) => new RegExp(`^${f(0).replace('0', '-?[\\d.e+]+').replace(/\.$/, '\\.')}$`),
  ),
];

/** True for a message of VALIDATION_MESSAGES without its field (so the API adds the field's name). */
export function isFieldlessMessage(message: string): boolean {
  return GENERIC_PATTERNS.some((p) => p.test(message));
}

/** The API's top-level message for a field's first error: a field-less one gets the field's name. */
export function apiValidationMessage(field: string, message: string): string {
  return isFieldlessMessage(message) ? V.fieldError(field, message) : message;
}

type RawIssue = z.core.$ZodRawIssue;

function sized(iss: RawIssue & { origin?: string }, limit: number, big: boolean, inclusive: boolean): string {
  if (iss.origin === 'string') return big ? V.tooLong(limit) : limit === 1 ? V.required : V.tooShort(limit);
  if (iss.origin === 'array' || iss.origin === 'set') return big ? V.tooMany(limit) : V.tooFew(limit);
  if (iss.origin === 'number' || iss.origin === 'int' || iss.origin === 'bigint') {
    if (big) return inclusive ? V.tooLarge(limit) : V.notAbove(limit);
    return inclusive ? V.tooSmall(limit) : V.notBelow(limit);
  }
  return V.invalid;
}

/** zod's message for an issue whose schema gave none (see installValidationMessages). */
export function fieldlessMessage(iss: RawIssue): string {
  switch (iss.code) {
    case 'too_big':
      return sized(iss, Number(iss.maximum), true, iss.inclusive !== false);
    case 'too_small':
      return sized(iss, Number(iss.minimum), false, iss.inclusive !== false);
    case 'invalid_type':
      return iss.input === undefined || iss.input === null ? V.required : V.invalid;
    case 'invalid_value':
    case 'invalid_union':
      return V.choice;
    case 'invalid_format':
      return iss.format === 'email' ? ACCOUNT_MESSAGES.emailInvalid : V.invalid;
    default:
      return V.invalid;
  }
}

let installed = false;
/** Makes VALIDATION_MESSAGES zod's messages wherever a schema states none (global to the zod module). */
export function installValidationMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (iss) => fieldlessMessage(iss) });
}
installValidationMessages();

/**
 * A schema-level message for the 'missing or not a string' case only: `z.string({ error: msg })` would put the
 * same 'X is required.' on a too-long value, too.
 */
export const whenMissing = (message: string) => (iss: RawIssue) =>
  iss.code === 'invalid_type' ? message : undefined;
