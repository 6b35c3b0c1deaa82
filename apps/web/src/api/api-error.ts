import type { ErrorBody } from '@poselab/contract';
import { localizeMessage } from '../i18n/contract-messages';

/** An API failure: status 0 means the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ErrorBody> & Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** Field errors of a 400 answer, keyed by field name. */
  get fieldErrors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }
}

/**
 * SPEC §8: the toast text is built from the fields of the response body, or the error string; texts of the
 * contract (validation rules, the network message) in the UI language.
 */
export function errorText(err: unknown): string {
  if (err instanceof Error) return localizeMessage(err.message);
  return localizeMessage(String(err));
}
