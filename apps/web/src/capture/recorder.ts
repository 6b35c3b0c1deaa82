import { localNow, type ClockSync } from './clock';
import { pickMimeType } from './media';
import { t } from './i18n';

export interface FinishedRecording {
  blob: Blob;
  mime: string;
  startTimeMs: number;
  durationSec: number;
  frameTimestamps: number[] | null;
}

interface FrameMetadata {
  captureTime?: number;
  presentationTime: number;
}
type FrameVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: (now: number, meta: FrameMetadata) => void) => number;
  cancelVideoFrameCallback?: (id: number) => void;
};

/**
 * One recording of the camera stream with MediaRecorder. The start time is taken in server clock when the
 * recorder reports it started; per-frame times come from requestVideoFrameCallback where the browser has it.
 */
export class TrialRecorder {
  private recorder: MediaRecorder | null = null;
  private chunks: Blob[] = [];
  private frames: number[] = [];
  private frameCb: number | null = null;
  private startLocal = 0;
  /** When start() was called: frames from then on may be in the file even before 'start' fires. */
  private requestedLocal = 0;
  readonly mime: string;

  constructor(
    private readonly stream: MediaStream,
    private readonly preview: FrameVideo,
    private readonly clock: ClockSync,
  ) {
    this.mime = pickMimeType((m) => MediaRecorder.isTypeSupported(m));
  }

  get recording(): boolean {
    return this.recorder?.state === 'recording';
  }

  start(): Promise<void> {
    const settings = this.stream.getVideoTracks()[0]?.getSettings();
    const pixels = (settings?.width ?? 1920) * (settings?.height ?? 1080);
    const rec = new MediaRecorder(this.stream, {
      mimeType: this.mime,
      // About 4 bits per pixel-second at 60 fps for 1080p: plenty for pose detection.
      videoBitsPerSecond: Math.max(2_000_000, Math.min(16_000_000, Math.round(pixels * 5))),
    });
    this.recorder = rec;
    this.chunks = [];
    this.frames = [];
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) this.chunks.push(e.data);
    };
    this.watchFrames();
    return new Promise((resolve, reject) => {
      rec.onstart = () => {
        this.startLocal = localNow();
        resolve();
      };
      rec.onerror = (e) =>
        reject(
          new Error(t('errors.recordingFailed', { error: String((e as ErrorEvent).message ?? e.type) })),
        );
      this.requestedLocal = localNow();
      rec.start(1000);
    });
  }

  private watchFrames(): void {
    const video = this.preview;
    if (!video.requestVideoFrameCallback) return;
    const onFrame = (_now: number, meta: FrameMetadata) => {
      if (this.recorder?.state === 'inactive') return;
      const t = meta.captureTime ?? meta.presentationTime;
      this.frames.push(this.clock.toServer(performance.timeOrigin + t));
      this.frameCb = video.requestVideoFrameCallback!(onFrame);
    };
    this.frameCb = video.requestVideoFrameCallback(onFrame);
  }

  /** Stops and answers the file; null when nothing was recorded. */
  stop(): Promise<FinishedRecording | null> {
    const rec = this.recorder;
    if (!rec || rec.state === 'inactive') return Promise.resolve(null);
    const stopLocal = localNow();
    return new Promise((resolve) => {
      rec.onstop = () => {
        if (this.frameCb !== null) this.preview.cancelVideoFrameCallback?.(this.frameCb);
        this.frameCb = null;
        const blob = new Blob(this.chunks, { type: this.mime.split(';')[0] });
        this.chunks = [];
        const windowStart = this.clock.toServer(this.requestedLocal);
        const stopServer = this.clock.toServer(stopLocal);
        // Keep only frames inside the recording window.
        const frames = this.frames.filter((f) => f >= windowStart - 20 && f <= stopServer + 50);
        // The first frame's capture time is the video's start; the recorder's start event is the fallback.
        const startServer = frames.length > 0 ? frames[0] : this.clock.toServer(this.startLocal);
        // The frames' own times say how long the video lasts; wall time runs ahead when a loaded camera lags.
        const span = frames.length > 1 ? (frames[frames.length - 1] - frames[0]) / 1000 : 0;
        const durationSec =
          span > 0 ? span + span / (frames.length - 1) : (stopLocal - this.startLocal) / 1000;
        resolve(
          blob.size === 0
            ? null
            : {
                blob,
                mime: this.mime,
                startTimeMs: startServer,
                durationSec,
                frameTimestamps: frames.length > 1 ? frames : null,
              },
        );
      };
      rec.stop();
    });
  }

  /** Stops and throws the recording away (cancel). */
  async discard(): Promise<void> {
    await this.stop();
  }
}
