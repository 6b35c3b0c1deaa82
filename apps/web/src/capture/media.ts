import { t } from './i18n';
/** Recording formats in order of preference (FINDINGS.md: H.264 MP4 has a real duration and is cheapest). */
export const MIME_PREFERENCE = [
  'video/mp4;codecs=avc1',
  'video/mp4;codecs=avc1.42E01E',
  'video/mp4',
  'video/webm;codecs=vp8',
  'video/webm;codecs=vp9',
  'video/webm',
];

export function pickMimeType(isSupported: (mime: string) => boolean): string {
  return MIME_PREFERENCE.find((m) => isSupported(m)) ?? 'video/webm';
}

/** Framerates of SPEC §9 the camera can deliver (60 always offered; 120/240 only when reported). */
export function supportedFramerates(maxFrameRate: number | undefined): number[] {
  return [60, 120, 240].filter((f) => f === 60 || (maxFrameRate !== undefined && maxFrameRate >= f));
}

/** A rear camera stream at the session framerate and the highest resolution up to 1920x1080. */
export async function openCamera(framerate: number): Promise<MediaStream> {
  const video: MediaTrackConstraints & { resizeMode?: string } = {
    facingMode: { ideal: 'environment' },
    width: { ideal: 1920, max: 1920 },
    height: { ideal: 1080, max: 1920 },
    frameRate: { ideal: framerate },
    // Whole sensor frames rather than a crop to the requested aspect ratio.
    resizeMode: 'none',
  };
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio: false });
  } catch (err) {
    if ((err as Error).name !== 'OverconstrainedError') throw err;
    return navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
  }
}

export function describeCameraError(err: unknown): string {
  const name = (err as Error)?.name;
  if (!window.isSecureContext || !navigator.mediaDevices) {
    return t('errors.secure');
  }
  if (name === 'NotAllowedError') return t('errors.denied');
  if (name === 'NotFoundError') return t('errors.noCamera');
  if (name === 'NotReadableError') return t('errors.inUse');
  return t('errors.cameraFailed', { error: (err as Error)?.message ?? String(err) });
}
