import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../storage/s3-client';

export interface FakeS3 {
  /** Settings as loadConfig builds them from S3_* variables. */
  settings: S3Settings;
  /** The same as S3_* environment variables, for createTestApp / loadConfig. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver: the S3 HTTP API over a temp folder) on a free port of 127.0.0.1, with one
 * empty bucket. Tests talk to it over HTTP with the real AWS SDK, as to MinIO or AWS. s3rver parses SigV4
 * headers and presigned queries and refuses unknown access keys, but does not recompute SigV4 signatures and
 * serves anonymous requests, so a wrong secret or a missing signature goes unnoticed here.
 */
export async function startFakeS3(bucket = 'poselab-test'): Promise<FakeS3> {
  const directory = mkdtempSync(join(tmpdir(), 'poselab-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  // s3rver knows only this fixed key pair.
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
