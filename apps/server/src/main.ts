import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { createDeps } from './services/bootstrap';
import { startBackgroundServices } from './services/background';
import { loggerOptions } from './http/logging';

/** HTTPS material: supplied files, or a self-signed certificate kept under DATA_DIR/tls for phones on a LAN. */
async function loadHttps(config: AppConfig): Promise<{ key: string; cert: string } | null> {
  if (config.https.mode === 'off') return null;
  if (config.https.mode === 'on')
    return {
      key: readFileSync(config.https.keyFile!, 'utf8'),
      cert: readFileSync(config.https.certFile!, 'utf8'),
    };
  const dir = join(config.dataDir, 'tls');
  const keyFile = join(dir, 'self-signed.key');
  const certFile = join(dir, 'self-signed.crt');
  if (!existsSync(keyFile)) {
    mkdirSync(dir, { recursive: true });
    const host = new URL(config.publicUrl).hostname;
    const pems = await generate([{ name: 'commonName', value: host }], {
      keySize: 2048,
      algorithm: 'sha256',
    });
    writeFileSync(keyFile, pems.private, { mode: 0o600 });
    writeFileSync(certFile, pems.cert);
  }
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const { deps, handle } = await createDeps(config);
  const app = await buildApp(deps, {
    logger: loggerOptions(config.logLevel, config.logFormat),
    https: await loadHttps(config),
  });
  const stopBackground = await startBackgroundServices(deps, app.log);
  const shutdown = async () => {
    await stopBackground();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`PoseLab serving ${config.publicUrl} (database: ${deps.dialect}, data: ${config.dataDir})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
