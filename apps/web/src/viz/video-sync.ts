import { correctVideo, type PlaybackClock } from './playback-clock';

/**
 * Longest wait for the master video's first presented frame after a seek or restart, and the age after which
 * the last presented frame no longer counts (a video scrolled out of view may stop reporting frames).
 */
const MAX_HOLD_MS = 1000;
/** A frame reported this far from where a video was just seeked to was shown before the seek. */
const BEFORE_SEEK_S = 0.25;
/** A chosen master stays while no other video is longer than it by more than this (s). */
const STICKY_MASTER_S = 0.1;

/**
 * Keeps synced videos and the playback clock together. The longest ready video is the master: while it plays,
 * the frame it has on screen drives the clock (a stalled video holds the skeletons too); the other videos are
 * steered to it every frame. Without a playing master, wall time drives the clock and the videos follow.
 */
export class VideoSync {
  private videos: HTMLVideoElement[] = [];
  /** Media time of the frame each video shows now and when it was shown (cleared on seeks). */
  private presented = new WeakMap<HTMLVideoElement, { media: number; at: number }>();
  /** Where each video was last seeked to (and from which frame step on), until it shows a frame from there. */
  private seekedTo = new WeakMap<HTMLVideoElement, { t: number; at: number | null }>();
  private holdSince: number | null = null;
  private disposed = false;
  /** The video marked `data-clock-master` (the one the skeletons follow; the others are steered to it). */
  private markedMaster: HTMLVideoElement | null = null;
  /** The master chosen last (see master()). */
  private chosenMaster: HTMLVideoElement | null = null;
  /**
   * What moved the clock in the last step: the master's frame on screen, a hold waiting for it, the master's
   * decoder position, or wall time (no playing master). Shown as a plain attribute for people and tests.
   */
  clockSource: 'picture' | 'hold' | 'decoder' | 'wall' = 'wall';

  constructor(
    private readonly clock: PlaybackClock,
    private readonly onDurationChange: () => void,
  ) {}

  setVideos(videos: HTMLVideoElement[]): void {
    this.videos = videos;
    this.presented = new WeakMap();
    for (const v of videos) {
      v.muted = true;
      v.playsInline = true;
      v.addEventListener('loadedmetadata', this.onDurationChange);
      this.watchPresentedFrames(v);
    }
  }

  /** Length of the longest video with known duration (0 without videos). */
  longestDuration(): number {
    return Math.max(0, ...this.videos.map((v) => (Number.isFinite(v.duration) ? v.duration : 0)));
  }

  /** After the clock jumped (seek, restart): forget presented frames and move every video there. */
  seekAll(t: number): void {
    this.presented = new WeakMap();
    for (const v of this.videos) if (Number.isFinite(v.duration)) this.seek(v, Math.min(t, v.duration));
  }

  pauseAll(): void {
    for (const v of this.videos) v.pause();
  }

  /** One frame: advances the clock (from the master or wall time) and corrects every video. */
  step(now: number): void {
    const clock = this.clock;
    for (const v of this.videos) {
      const seek = this.seekedTo.get(v);
      if (seek && seek.at === null) seek.at = now;
    }
    const master = this.master();
    // A master that is paused only because play() is still pending (or stalled) still holds the clock: the
    // skeletons wait for the picture instead of running ahead on wall time.
    const following = followsMaster(clock.playing, master);
    this.markMaster(following ? master : null);
    const wrapped = following ? false : clock.tick(now);
    if (wrapped) this.presented = new WeakMap();
    if (following) {
      // Until the master shows its first frame after a seek or restart, the skeletons wait for it (at most
      // MAX_HOLD_MS: a video scrolled out of view may not report presented frames at all). On a slow device the
      // frame on screen can be more than a quarter second behind the decoder: the skeletons follow the picture.
      const reported = this.presented.get(master);
      const shown = reported !== undefined && now - reported.at < MAX_HOLD_MS ? reported.media : undefined;
      if (shown !== undefined) this.holdSince = null;
      else this.holdSince ??= now;
      const hold =
        shown === undefined &&
        typeof master.requestVideoFrameCallback === 'function' &&
        now - (this.holdSince ?? now) < MAX_HOLD_MS;
      clock.syncTo(shown ?? (hold ? clock.time : master.currentTime), now);
      this.clockSource = shown !== undefined ? 'picture' : hold ? 'hold' : 'decoder';
    } else this.clockSource = 'wall';
    // The others are steered to the master's playback position (like for like: both are decoder positions,
    // slightly ahead of the frame on screen); the master itself only gets the speed.
    const reference = following ? master.currentTime : clock.time;
    for (const v of this.videos) this.correct(v, wrapped, following && v === master ? null : reference);
  }

  private seek(v: HTMLVideoElement, t: number): void {
    v.currentTime = t;
    this.seekedTo.set(v, { t, at: null });
  }

  /** A plain attribute for people and tests: which picture the skeletons are in step with. */
  private markMaster(master: HTMLVideoElement | null): void {
    if (master === this.markedMaster) return;
    this.markedMaster?.removeAttribute('data-clock-master');
    master?.setAttribute('data-clock-master', '');
    this.markedMaster = master;
  }

  dispose(): void {
    this.markMaster(null);
    this.disposed = true;
    for (const v of this.videos) v.removeEventListener('loadedmetadata', this.onDurationChange);
    this.videos = [];
  }

  /**
   * The longest ready video; once chosen it stays the master while it has metadata and is not shorter than the
   * longest by more than STICKY_MASTER_S. The synced videos last as long as the results within a frame or two,
   * so which is longest is nearly arbitrary, and on a loaded machine a video's ready state drops below
   * HAVE_CURRENT_DATA while it waits for the decoder: the master then flapped between videos, each switch
   * holding the skeletons for the new master's first frame and seeking the old one (1.35 s apart at load 6).
   * A stalled master holds the skeletons, as intended.
   */
  private master(): HTMLVideoElement | null {
    let best: HTMLVideoElement | null = null;
    for (const v of this.videos) {
      if (v.readyState < 2 || !Number.isFinite(v.duration)) continue;
      if (!best || v.duration > best.duration) best = v;
    }
    const kept = this.chosenMaster;
    if (
      kept &&
      this.videos.includes(kept) &&
      kept.readyState >= 1 &&
      Number.isFinite(kept.duration) &&
      (!best || best.duration - kept.duration <= STICKY_MASTER_S)
    )
      return kept;
    this.chosenMaster = best;
    return best;
  }

  /** requestVideoFrameCallback runs just before the frame loop in the same rendering step. */
  private watchPresentedFrames(v: HTMLVideoElement): void {
    if (typeof v.requestVideoFrameCallback !== 'function') return;
    const onFrame = (now: number, meta: VideoFrameCallbackMetadata) => {
      if (this.disposed || !this.videos.includes(v)) return;
      const seek = this.seekedTo.get(v);
      // A frame from before a seek can be reported after it: it is not the picture the seek asked for.
      if (!seek || isFrameAfterSeek(meta.mediaTime, seek, now, this.clock.speed)) {
        this.seekedTo.delete(v);
        this.presented.set(v, { media: meta.mediaTime, at: now });
      }
      v.requestVideoFrameCallback(onFrame);
    };
    v.requestVideoFrameCallback(onFrame);
  }

  /** Steers one video to `reference` (null: the followed master, which only gets the speed). */
  private correct(v: HTMLVideoElement, wrapped: boolean, reference: number | null): void {
    if (v.readyState < 1) return;
    if (wrapped) this.seek(v, 0);
    const c =
      reference === null
        ? { seekTo: null, playbackRate: this.clock.speed, shouldPlay: true }
        : correctVideo(
            { currentTime: v.currentTime, duration: v.duration, paused: v.paused },
            reference,
            this.clock.speed,
            this.clock.playing,
          );
    if (c.seekTo !== null && !v.seeking) this.seek(v, c.seekTo);
    if (Math.abs(v.playbackRate - c.playbackRate) > 1e-3) v.playbackRate = c.playbackRate;
    if (c.shouldPlay && v.paused && !v.ended) v.play().catch(() => undefined);
    if (!c.shouldPlay && !v.paused) v.pause();
  }
}

/** Whether a playing clock follows `master` (it has not reached its end). */
function followsMaster(playing: boolean, master: HTMLVideoElement | null): master is HTMLVideoElement {
  return playing && master !== null && !master.ended && master.currentTime < master.duration;
}

/**
 * Whether a frame reported after a seek to `seek.t` shows the picture from there: near the target, or later by
 * no more than the video can have played since (a slow device's first frame after a seek can come half a second
 * on). A frame from before the seek is elsewhere: behind a forward seek, or far ahead of a backward one.
 */
function isFrameAfterSeek(
  mediaTime: number,
  seek: { t: number; at: number | null },
  now: number,
  speed: number,
): boolean {
  const ahead = mediaTime - seek.t;
  if (Math.abs(ahead) < BEFORE_SEEK_S) return true;
  const played = seek.at === null ? 0 : (Math.max(0, now - seek.at) / 1000) * Math.max(1, speed);
  return ahead > 0 && ahead < BEFORE_SEEK_S + played;
}
