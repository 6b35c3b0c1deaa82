import { loadConfig } from '../config';
import { createDeps } from '../services/bootstrap';
import { createWorkerToken } from './worker-tokens';

// `npm run worker-token -- [name]`: prints a new worker token for a remote worker of this server's database.
const name = process.argv[2] ?? `worker-${new Date().toISOString().slice(0, 10)}`;
const { deps, handle } = await createDeps(loadConfig());
const token = await createWorkerToken(deps, name);
console.log(token);
console.error(
  `Worker token "${name}" created. Start a worker with: npm run worker -- --server URL --token ${token}`,
);
await handle.close();
