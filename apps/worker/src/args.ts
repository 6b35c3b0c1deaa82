export interface WorkerArgs {
  server: string;
  token: string;
  /** Parallel jobs in this process. */
  concurrency: number;
}

/** Parses `--server URL --token T [--concurrency N]`; throws a usage message on bad input. */
export function parseWorkerArgs(argv: string[]): WorkerArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}.\n${USAGE}`);
    const [key, inline] = arg.slice(2).split('=', 2);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`--${key} needs a value.\n${USAGE}`);
    values.set(key, value);
  }
  const server = values.get('server');
  const token = values.get('token') ?? process.env.WORKER_TOKEN;
  if (!server || !token) throw new Error(`--server and --token are required.\n${USAGE}`);
  try {
    new URL(server);
  } catch {
    throw new Error(`--server must be a URL such as http://10.0.0.5:8080, got ${server}`);
  }
  const concurrency = Number(values.get('concurrency') ?? '1');
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new Error('--concurrency must be a positive integer');
  return { server: server.replace(/\/$/, ''), token, concurrency };
}

export const USAGE = 'Usage: npm run worker -- --server URL --token T [--concurrency N]';
