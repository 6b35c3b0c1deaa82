import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CameraModel } from '../../camera/camera-model';
import { drawCalibrationImage } from './draw';
import { encodePng } from './png';

/** Reads back our own PNGs (8-bit, filter Sub only) to check the bytes really are a valid image. */
function decodePng(bytes: Uint8Array): {
  width: number;
  height: number;
  channels: number;
  pixels: Uint8Array;
} {
  expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let o = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Uint8Array[] = [];
  while (o < bytes.length) {
    const len = view.getUint32(o);
    const type = String.fromCharCode(...bytes.subarray(o + 4, o + 8));
    const data = bytes.subarray(o + 8, o + 8 + len);
    if (type === 'IHDR') {
      width = view.getUint32(o + 8);
      height = view.getUint32(o + 12);
      channels = data[9] === 2 ? 3 : 1;
    }
    if (type === 'IDAT') idat.push(data);
    o += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (stride + 1)]).toBe(1);
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? pixels[y * stride + i - channels] : 0;
      pixels[y * stride + i] = (raw[y * (stride + 1) + 1 + i] + left) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

describe('encodePng', () => {
  it('writes a grey and an RGB image that decode to the same pixels', () => {
    const grey = Uint8Array.from({ length: 7 * 5 }, (_, i) => (i * 37) % 256);
    const g = decodePng(encodePng(7, 5, 1, grey));
    expect(g).toMatchObject({ width: 7, height: 5, channels: 1 });
    expect([...g.pixels]).toEqual([...grey]);
    const rgb = Uint8Array.from({ length: 4 * 3 * 3 }, (_, i) => (i * 91) % 256);
    expect([...decodePng(encodePng(4, 3, 3, rgb)).pixels]).toEqual([...rgb]);
  });
  it('rejects a short buffer', () => {
    expect(() => encodePng(10, 10, 3, new Uint8Array(10))).toThrow(/too short/);
  });
});

describe('drawCalibrationImage', () => {
  it('draws corners and the projected world axes over the frame', () => {
    const w = 200;
    const h = 160;
    const frame = { width: w, height: h, data: new Uint8Array(w * h).fill(128) };
    // Camera 2 m in front of the origin looking along +Z (world = camera axes): origin at the image centre.
    const cam: CameraModel = {
      name: 'c',
      intrinsics: { width: w, height: h, fx: 400, fy: 400, cx: 100, cy: 80, dist: [0, 0, 0, 0, 0] },
      extrinsics: { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 2] },
    };
    const corners: [number, number][] = [
      [20, 20],
      [40, 20],
      [20, 40],
      [40, 40],
    ];
    const png = decodePng(drawCalibrationImage(frame, corners, cam, { rows: 2, cols: 2, axisLength: 0.4 }));
    expect(png).toMatchObject({ width: w, height: h, channels: 3 });
    const px = (x: number, y: number) => [...png.pixels.subarray((y * w + x) * 3, (y * w + x) * 3 + 3)];
    expect(px(0, 159)).toEqual([128, 128, 128]);
    // X axis: red, from (100, 80) to (180, 80); Y axis green downwards to (100, 160) clipped.
    expect(px(150, 80)).toEqual([255, 0, 0]);
    expect(px(100, 120)).toEqual([0, 220, 0]);
    // Corner 0 ringed in white, its centre in the first row colour.
    expect(px(20, 20)).toEqual([255, 0, 0]);
    expect(px(20, 24)).toEqual([255, 255, 255]);
  });
});
