import { IMPORT_MAX_VIDEO_BYTES } from '@poselab/contract';

/** What the browser can tell of a dropped file before anything is sent. */
export interface VideoFileInfo {
  file: File;
  /** A still of the first second (data URL), when the browser could decode the video. */
  thumbnail: string | null;
  width: number | null;
  height: number | null;
  durationSec: number | null;
  /** Why the file cannot be a camera's video ('notVideo', 'noVideoStream', 'tooLarge'), or null. */
  problem: 'notVideo' | 'noVideoStream' | 'tooLarge' | null;
}

const VIDEO_EXTENSIONS = /\.(mp4|m4v|mov|webm)$/i;

/** Whether the type or name says video (the server checks the bytes again: this is the early, friendly check). */
export function looksLikeVideo(file: File): boolean {
  return file.type.startsWith('video/') || VIDEO_EXTENSIONS.test(file.name);
}

/**
 * Reads size, duration and a thumbnail through a video element. A file the browser cannot decode is not
 * refused for that alone (lab cameras write codecs some browsers lack; the server's ffprobe decides), but one
 * that loads with no picture (a sound file named .mp4) has no video stream.
 */
export async function readVideoFile(file: File, timeoutMs = 8000): Promise<VideoFileInfo> {
  const base = { file, thumbnail: null, width: null, height: null, durationSec: null };
  if (!looksLikeVideo(file)) return { ...base, problem: 'notVideo' };
  if (file.size > IMPORT_MAX_VIDEO_BYTES) return { ...base, problem: 'tooLarge' };
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  try {
    const loaded = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      video.onloadeddata = () => {
        clearTimeout(timer);
        resolve(true);
      };
      video.onerror = () => {
        clearTimeout(timer);
        resolve(false);
      };
      video.src = url;
    });
    if (!loaded) return { ...base, problem: null };
    if (!video.videoWidth || !video.videoHeight) return { ...base, problem: 'noVideoStream' };
    const info = {
      ...base,
      width: video.videoWidth,
      height: video.videoHeight,
      durationSec: Number.isFinite(video.duration) ? video.duration : null,
      problem: null,
    };
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = Math.max(1, Math.round((160 * video.videoHeight) / video.videoWidth));
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    return { ...info, thumbnail: canvas.toDataURL('image/jpeg', 0.7) };
  } catch {
    return { ...base, problem: null };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
