import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Resolves ffmpeg/ffprobe: FFMPEG_PATH/FFPROBE_PATH, else the npm-shipped static binaries, else the PATH. */
function resolveBinary(envName: string, pkg: string, fallback: string): string {
  const fromEnv = process.env[envName];
  if (fromEnv) return fromEnv;
  try {
    return (require(pkg) as { path: string }).path;
  } catch {
    return fallback;
  }
}

export const ffmpegPath = resolveBinary('FFMPEG_PATH', '@ffmpeg-installer/ffmpeg', 'ffmpeg');
export const ffprobePath = resolveBinary('FFPROBE_PATH', '@ffprobe-installer/ffprobe', 'ffprobe');
