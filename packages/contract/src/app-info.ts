import { z } from 'zod';
import { endpoint } from './endpoint';

/** What the web app and the documentation pages need to know about this server, for anyone. */
export const appInfoEndpoint = endpoint({
  method: 'GET',
  path: '/app-info/',
  summary: "The server's support address (SUPPORT_EMAIL) for Bug Report, the License page and the docs",
  tag: 'system',
  auth: 'public',
  response: z.object({ support_email: z.string().nullable() }),
});
