import { HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { AppConfig } from '../config';

export type S3Settings = NonNullable<AppConfig['s3']>;

/**
 * A client for AWS S3 or any S3-compatible store. With S3_ENDPOINT (MinIO, Ceph, R2, …) requests use path-style
 * addresses (endpoint/bucket/key) since such stores rarely have per-bucket DNS names. Checksums are only sent
 * where the API requires them: the SDK's newer default (CRC32 trailers on every upload, aws-chunked bodies) is
 * not understood by many S3-compatible stores. Without keys the SDK's default chain applies (env, IAM role …).
 */
export function createS3Client(s3: S3Settings, endpoint = s3.endpoint): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint,
    forcePathStyle: Boolean(endpoint),
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable endpoint fails within seconds (at start: the bucket check) instead of hanging.
    requestHandler: { connectionTimeout: 10_000 },
  });
}

/**
 * The client that signs browser URLs: the same as the server's unless S3_PUBLIC_ENDPOINT names the address
 * browsers reach the store at (the server may use an internal one, e.g. http://minio:9000). Presigning is local
 * computation, so this client never connects anywhere.
 */
export function createPresignClient(s3: S3Settings, serverClient: S3Client): S3Client {
  return s3.publicEndpoint ? createS3Client(s3, s3.publicEndpoint) : serverClient;
}

/** Fails start-up with a message that says what to fix when the bucket cannot be reached. */
export async function assertBucketReachable(client: S3Client, s3: S3Settings): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
  } catch (err) {
    const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const reason =
      status === 404
        ? 'the bucket does not exist (create it first)'
        : status === 403 || status === 401
          ? 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
          : (err as Error).message || (err as Error).name;
    const where = s3.endpoint ?? `AWS S3 region ${s3.region}`;
    throw new Error(`S3 bucket "${s3.bucket}" at ${where} is not usable: ${reason}.`, { cause: err });
  }
}
