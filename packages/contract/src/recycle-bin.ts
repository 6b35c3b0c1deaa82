import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * SPEC §2 'Empty Recycle Bin': everything in the bin is deleted for good in one call — trashed sessions, and
 * trashed trials of sessions that are not trashed. A calibration still used by a later session recorded with
 * the same setup is kept (counted in `kept`).
 */
export const emptyRecycleBinEndpoint = endpoint({
  method: 'POST',
  path: '/recycle-bin/empty/',
  summary: 'Delete every trashed session and trashed trial of the user permanently',
  tag: 'sessions',
  auth: 'user',
  response: z.object({ sessions: z.number(), trials: z.number(), kept: z.number() }),
});
