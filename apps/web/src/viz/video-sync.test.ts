import { describe, expect, it } from 'vitest';
import { PlaybackClock } from './playback-clock';
import { VideoSync } from './video-sync';

/** A stand-in for HTMLVideoElement with the fields the synchroniser reads and writes. */
function fakeVideo(duration: number) {
  let onFrame: ((now: number, meta: { mediaTime: number }) => void) | null = null;
  const v = {
    duration,
    currentTime: 0,
    readyState: 4,
    paused: true,
    ended: false,
    seeking: false,
    playbackRate: 1,
    muted: false,
    playsInline: false,
    play() {
      v.paused = false;
      return Promise.resolve();
    },
    pause() {
      v.paused = true;
    },
    attributes: new Set<string>(),
    setAttribute(name: string) {
      v.attributes.add(name);
    },
    removeAttribute(name: string) {
      v.attributes.delete(name);
    },
    addEventListener() {},
    removeEventListener() {},
    requestVideoFrameCallback(cb: typeof onFrame) {
      onFrame = cb;
      return 1;
    },
    /** The browser showing a frame of `mediaTime`. */
    present(mediaTime: number, now = 0) {
      onFrame?.(now, { mediaTime });
    },
  };
  return v;
}

const asVideos = (...v: ReturnType<typeof fakeVideo>[]) => v as unknown as HTMLVideoElement[];

/** A playing 2 s clock synchronised with `master` (and `others`), after its first frame. */
function playingWith(master: ReturnType<typeof fakeVideo>, ...others: ReturnType<typeof fakeVideo>[]) {
  const clock = new PlaybackClock(2);
  const sync = new VideoSync(clock, () => undefined);
  sync.setVideos(asVideos(master, ...others));
  clock.play(0);
  sync.step(0);
  return { clock, sync, master };
}

describe('VideoSync', () => {
  it('starts the videos, then lets the longest drive the clock from the frame it shows', () => {
    const other = fakeVideo(1.5);
    const { clock, sync, master } = playingWith(fakeVideo(2), other);
    expect(master.paused).toBe(false);
    expect(other.paused).toBe(false);
    master.currentTime = 0.52;
    master.present(0.5);
    other.currentTime = 0.45; // lags the master by 70 ms: sped up
    sync.step(500);
    expect(clock.time).toBe(0.5);
    expect(other.playbackRate).toBeGreaterThan(1);
    expect(master.playbackRate).toBe(1);
    // The picture the skeletons follow is marked (the others may be up to SEEK_THRESHOLD off while steered).
    expect([master.attributes.has('data-clock-master'), other.attributes.has('data-clock-master')]).toEqual([
      true,
      false,
    ]);
    clock.pause();
    sync.step(600);
    expect(master.attributes.has('data-clock-master')).toBe(false);
  });

  it('holds the clock after a seek until the master shows a frame', () => {
    const { clock, sync, master } = playingWith(fakeVideo(2));
    clock.seek(1);
    sync.seekAll(1);
    master.currentTime = 1.05; // decoder already ahead of the picture
    sync.step(100);
    expect(clock.time).toBe(1);
    expect(sync.clockSource).toBe('hold');
    master.present(1.0167);
    sync.step(116);
    expect(clock.time).toBe(1.0167);
    expect(sync.clockSource).toBe('picture');
  });

  it('restarts every video when the clock wraps past the longest item', () => {
    const clock = new PlaybackClock(1);
    const sync = new VideoSync(clock, () => undefined);
    const v = fakeVideo(1);
    sync.setVideos(asVideos(v));
    clock.play(0);
    clock.seek(0.99);
    v.currentTime = 1;
    v.ended = true;
    v.paused = true;
    sync.step(50);
    expect(clock.time).toBe(0);
    expect(v.currentTime).toBe(0);
  });

  // CI at load 20 presented 5 frames a second, each over 0.25 s behind the decoder: the skeletons held still
  // instead of following the picture (320 ms apart).
  it('follows the frame on screen when it lags the decoder on a slow device', () => {
    const { clock, sync, master } = playingWith(fakeVideo(2));
    master.currentTime = 0.8;
    master.present(0.5, 480);
    sync.step(500);
    expect(clock.time).toBe(0.5);
  });

  it('ignores a frame shown before a seek, and follows the decoder when no frame comes for a second', () => {
    const { clock, sync, master } = playingWith(fakeVideo(2));
    clock.seek(1);
    sync.seekAll(1);
    master.currentTime = 1.02;
    master.present(0.2, 10); // reported late, from before the seek
    sync.step(20);
    expect(clock.time).toBe(1);
    master.present(1.0167, 30);
    sync.step(40);
    expect(clock.time).toBe(1.0167);
    // Scrolled out of view: no frame reported after that one.
    master.currentTime = 1.5;
    sync.step(1100);
    expect(clock.time).toBe(1.0167);
    master.currentTime = 1.9;
    sync.step(2200);
    expect(clock.time).toBeCloseTo(1.9, 6);
    expect(sync.clockSource).toBe('decoder');
  });

  it('takes the first frame after a seek even when a slow device shows it half a second on', () => {
    const { clock, sync, master } = playingWith(fakeVideo(3));
    clock.seek(1);
    sync.seekAll(1);
    sync.step(100);
    master.currentTime = 1.7;
    master.present(1.55, 700);
    sync.step(710);
    expect(clock.time).toBe(1.55);
  });

  it('ignores a frame from before a backward seek that is reported after it', () => {
    const { clock, sync, master } = playingWith(fakeVideo(6));
    master.present(5, 10);
    clock.seek(1);
    sync.seekAll(1);
    sync.step(20);
    master.currentTime = 1.01;
    master.present(5.0167, 40); // still the old position, 20 ms after the seek
    sync.step(50);
    expect(clock.time).toBe(1);
  });

  // At load 6 the master flapped between two videos of nearly equal length whenever the longest one waited for
  // its decoder (ready state 1): the skeletons held for each new master's first frame, 1.35 s from the picture.
  it('keeps its master while that video waits for the decoder, instead of switching to another', () => {
    const other = fakeVideo(1.99);
    const { clock, sync, master } = playingWith(fakeVideo(2), other);
    master.currentTime = 0.52;
    master.present(0.5, 490);
    sync.step(500);
    expect(master.attributes.has('data-clock-master')).toBe(true);
    master.readyState = 1; // waiting for data
    other.currentTime = 0.9;
    other.present(0.9, 505);
    sync.step(510);
    expect(master.attributes.has('data-clock-master')).toBe(true);
    expect(other.attributes.has('data-clock-master')).toBe(false);
    expect(clock.time).toBe(0.5);
  });
});
