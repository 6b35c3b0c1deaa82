/** An error with an HTTP status and the API's error body. Services throw these; the error handler answers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Seconds until the caller may try again (429): sent as Retry-After and in the body. */
    readonly retryAfterSec?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new HttpError(400, message, fieldErrors);
export const unauthorized = (message = 'Authentication credentials were not provided.') =>
  new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSec: number) =>
  new HttpError(429, message, undefined, retryAfterSec);
