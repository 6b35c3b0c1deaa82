import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../test/fake-s3';
import { assertBucketReachable, createS3Client } from './s3-client';
import { S3Storage } from './s3-storage';
import { storageContract } from './storage-contract';

describe('S3Storage (against s3rver, a real S3-protocol server)', () => {
  let s3: FakeS3;
  let client: S3Client;
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startFakeS3();
    client = createS3Client(s3.settings);
    storage = new S3Storage(client, s3.settings.bucket);
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.close();
  });

  storageContract(() => storage);

  it('answers presigned URLs that plain fetch() reads, Range included', async () => {
    const bytes = Buffer.from('0123456789abcdef');
    await storage.put('media/clip one.mp4', bytes);
    const url = await storage.directUrl('media/clip one.mp4', { expiresInSec: 60 });
    expect(url.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/media/clip%20one.mp4?`)).toBe(true);
    expect(url).toContain('X-Amz-Expires=60');
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(url, { headers: { range: 'bytes=4-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-9/${bytes.length}`);
    expect(await part.text()).toBe('456789');
  });

  it('names downloads through Content-Disposition (a download attribute is ignored across origins)', async () => {
    await storage.put('reports/r1.pdf', Buffer.from('%PDF-1.4'));
    const url = await storage.directUrl('reports/r1.pdf', { downloadName: 'Report – squat.pdf' });
    const disposition = new URL(url).searchParams.get('response-content-disposition');
    // Short-lived by default: the media route issues a fresh one for every request (issue #19).
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('600');
    expect(disposition).toBe(
      `attachment; filename="Report _ squat.pdf"; filename*=UTF-8''Report%20%E2%80%93%20squat.pdf`,
    );
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(disposition);
  });

  it('gives a moved upload the content type of its new name and leaves no staged pieces behind', async () => {
    await storage.append('up/dev.part', Buffer.from('abc'));
    await storage.append('up/dev.part', Buffer.from('def'));
    await storage.move('up/dev.part', 'up/video.webm');
    const res = await fetch(await storage.directUrl('up/video.webm'));
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(await res.text()).toBe('abcdef');
    const staged = await client.send(
      new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: '.appends/up/' }),
    );
    expect(staged.Contents ?? []).toEqual([]);
  });

  it('refuses the reserved staging prefix as a media key', async () => {
    await expect(storage.put('.appends/x', Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
  });

  it('checks the bucket at start with a message that says what is wrong', async () => {
    await expect(assertBucketReachable(client, s3.settings)).resolves.toBeUndefined();
    await expect(assertBucketReachable(client, { ...s3.settings, bucket: 'no-such-bucket' })).rejects.toThrow(
      /S3 bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+ is not usable: the bucket does not exist/,
    );
    const wrongKey = createS3Client({ ...s3.settings, accessKeyId: 'UNKNOWN' });
    await expect(assertBucketReachable(wrongKey, s3.settings)).rejects.toThrow(/access denied/);
    wrongKey.destroy();
    const closed = { ...s3.settings, endpoint: 'http://127.0.0.1:1' };
    const nowhere = createS3Client(closed);
    await expect(assertBucketReachable(nowhere, closed)).rejects.toThrow(/is not usable: .*ECONNREFUSED/);
    nowhere.destroy();
  });
});
