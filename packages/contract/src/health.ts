import { z } from 'zod';
import { endpoint } from './endpoint';

export const healthEndpoint = endpoint({
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database check',
  tag: 'system',
  auth: 'public',
  response: z.object({
    status: z.literal('ok'),
    version: z.string(),
    database: z.enum(['sqlite', 'postgres']),
  }),
});
