import { z } from 'zod';

/**
 * The one error body of the API. `errors` carries per-field messages for 400 answers (SPEC §8: a 400 on
 * saving a subject shows the errors for name, weight, height and birth_year under the fields).
 */
export const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** 429: seconds until the limit lets the caller try again (also sent as the Retry-After header). */
  retry_after: z.number().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** SPEC §8 network failure toast. */
export const NETWORK_ERROR_MESSAGE = 'Could not reach server. Check your internet connection and try again.';
