import type { ErrorBody } from '@poselab/contract';

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

/** SPEC §8: the toast text is built from the fields of the response body, or the error string. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}
