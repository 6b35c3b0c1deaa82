import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import { hashSecret, newSecret } from '../http/tokens';

/** Creates a worker token for `npm run worker -- --server URL --token T`; only its hash is stored. */
export async function createWorkerToken(deps: AppDeps, name: string): Promise<string> {
  const secret = newSecret();
  await ensureWorkerToken(deps, name, secret);
  return secret;
}

/** Registers a known secret (env WORKER_TOKEN) as a worker token, once. */
export async function ensureWorkerToken(deps: AppDeps, name: string, secret: string): Promise<void> {
  if (secret.length < 16) throw new Error('A worker token must be at least 16 characters long.');
  const hash = hashSecret(secret);
  const existing = await deps.db
    .selectFrom('worker_tokens')
    .select('id')
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (existing) return;
  await deps.db
    .insertInto('worker_tokens')
    .values({ id: randomUUID(), name, token_hash: hash, created_at: deps.clock.now().toISOString() })
    .execute();
}
