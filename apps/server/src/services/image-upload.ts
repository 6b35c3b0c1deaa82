import type { FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES as M } from '@poselab/contract';
import { badRequest } from '../http/http-error';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The image type from the file's first bytes (the browser's name and type are not trusted). */
export function sniffImage(bytes: Buffer): { ext: string; mime: string } | null {
  const b = bytes;
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { ext: 'png', mime: 'image/png' };
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)
    return { ext: 'jpg', mime: 'image/jpeg' };
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')))
    return { ext: 'gif', mime: 'image/gif' };
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { ext: 'webp', mime: 'image/webp' };
  return null;
}

export interface ImageUpload {
  bytes: Buffer;
  ext: string;
  mime: string;
  fields: Record<string, string>;
}

/** Reads a multipart form with one image file under `fileField` (plus text fields), capped at 5 MB. */
export async function readImageUpload(req: FastifyRequest, fileField: string): Promise<ImageUpload> {
  if (!req.isMultipart()) throw badRequest(`Send a multipart form with the image in '${fileField}'.`);
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  for await (const part of req.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField) {
        part.file.resume();
        continue;
      }
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw badRequest(M.imageTooLarge, { [fileField]: [M.imageTooLarge] });
        }
        throw err;
      }
      if (part.file.truncated) throw badRequest(M.imageTooLarge, { [fileField]: [M.imageTooLarge] });
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  if (!bytes || bytes.length === 0) {
    throw badRequest(`Choose an image file to upload.`, { [fileField]: ['Choose an image file to upload.'] });
  }
  const type = sniffImage(bytes);
  if (!type) throw badRequest(M.imageOnly, { [fileField]: [M.imageOnly] });
  return { bytes, ...type, fields };
}
