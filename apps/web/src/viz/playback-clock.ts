/** SPEC §9 playback speeds and time step. */
export const PLAYBACK_SPEEDS = [0.1, 0.25, 0.5, 0.75, 1, 2] as const;
export const TIME_STEP = 0.01;

/**
 * The one clock that drives the skeletons and every video. It advances with wall time times the speed and,
 * when it reaches the end of the longest item, starts again at 0 (SPEC §4: all videos restart at the end of
 * the longest).
 */
export class PlaybackClock {
  time = 0;
  speed = 1;
  playing = false;
  private lastNowMs: number | null = null;

  constructor(public duration: number) {}

  play(nowMs: number): void {
    this.playing = true;
    this.lastNowMs = nowMs;
  }

  pause(): void {
    this.playing = false;
    this.lastNowMs = null;
  }

  /** Moves to `t`, clamped to [0, duration]. */
  seek(t: number): void {
    this.time = Math.min(Math.max(0, t), this.duration);
  }

  /** Advances the clock to wall time `nowMs`; returns true when it wrapped to the start. */
  tick(nowMs: number): boolean {
    if (!this.playing) return false;
    const last = this.lastNowMs ?? nowMs;
    this.lastNowMs = nowMs;
    // A long stall (hidden tab) must not jump far ahead: cap one step at 0.25 s of wall time.
    const dt = Math.min(Math.max(0, nowMs - last), 250) / 1000;
    this.time += dt * this.speed;
    if (this.duration > 0 && this.time >= this.duration) {
      this.time = 0;
      return true;
    }
    return false;
  }

  /**
   * Drift correction from the master video: while it plays, the frame it has on screen is the truth, so the
   * clock takes its media time (a stalled video holds the skeletons too) and wall time counts on from there.
   */
  syncTo(masterTime: number, nowMs: number): void {
    this.time = Math.min(Math.max(0, masterTime), this.duration);
    if (this.playing) this.lastNowMs = nowMs;
  }
}

/** What a video needs to be told so that it shows the clock's time. */
export interface VideoCorrection {
  seekTo: number | null;
  playbackRate: number;
  shouldPlay: boolean;
}

export interface VideoState {
  currentTime: number;
  duration: number;
  paused: boolean;
}

/** Drift above which a video is seeked rather than nudged (seconds). */
export const SEEK_THRESHOLD = 0.12;

/**
 * Per-frame correction of one video against the clock: seek on a large drift, otherwise speed it up or slow it
 * down in proportion to the drift (at most ±20 %) so that it converges within a few frames without stutter.
 * A video shorter than the clock's time holds its last frame.
 */
export function correctVideo(
  video: VideoState,
  clockTime: number,
  speed: number,
  playing: boolean,
): VideoCorrection {
  const end = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : Infinity;
  const target = Math.min(clockTime, end);
  const beyondEnd = clockTime >= end - 1e-3;
  const drift = video.currentTime - target;
  if (!playing || beyondEnd) {
    // Paused: show exactly the clock's frame (half a 60 fps frame of tolerance).
    return { seekTo: Math.abs(drift) > 1 / 120 ? target : null, playbackRate: speed, shouldPlay: false };
  }
  if (Math.abs(drift) > SEEK_THRESHOLD) return { seekTo: target, playbackRate: speed, shouldPlay: true };
  const nudge = Math.max(-0.2, Math.min(0.2, -drift * 4));
  return { seekTo: null, playbackRate: speed * (1 + nudge), shouldPlay: true };
}
