import { describe, expect, it } from 'vitest';
import { ClockSync } from './clock';
import { pickMimeType, supportedFramerates } from './media';

describe('ClockSync', () => {
  it('takes the offset of the fastest round trip', () => {
    const c = new ClockSync();
    expect(c.known).toBe(false);
    c.addSample(1000, 6010, 1020); // rtt 20, offset 5000
    c.addSample(2000, 7100, 2200); // rtt 200 (slow, ignored), offset 5000 ± 100
    expect(c.offsetMs).toBe(5000);
    c.addSample(3000, 8003, 3004); // rtt 4, offset 5001
    expect(c.offsetMs).toBe(5001);
    expect(c.roundTripMs).toBe(4);
    expect(c.toServer(10_000)).toBe(15_001);
  });
  it('ignores samples with a negative round trip', () => {
    const c = new ClockSync();
    c.addSample(10, 100, 5);
    expect(c.known).toBe(false);
  });
});

describe('recording formats', () => {
  it('prefers H.264 MP4, then falls back to WebM', () => {
    expect(pickMimeType(() => true)).toBe('video/mp4;codecs=avc1');
    expect(pickMimeType((m) => m.startsWith('video/webm'))).toBe('video/webm;codecs=vp8');
    expect(pickMimeType(() => false)).toBe('video/webm');
  });
  it('offers 120/240 fps only where the camera reports them', () => {
    expect(supportedFramerates(undefined)).toEqual([60]);
    expect(supportedFramerates(30)).toEqual([60]);
    expect(supportedFramerates(120)).toEqual([60, 120]);
    expect(supportedFramerates(240)).toEqual([60, 120, 240]);
  });
});
