import type { Page } from 'playwright-core';

export type Rgba = [number, number, number, number];

/**
 * Reads pixels of a PNG (e.g. an element screenshot) at the given points, decoded by the page itself (a data URL
 * drawn into a 2D canvas), so no PNG library is needed: one RGBA value per point and window offset.
 */
export async function pixelsAt(
  page: Page,
  png: Buffer,
  points: [number, number][],
  radius = 3,
): Promise<Rgba[][]> {
  return page.evaluate(
    async ({ src, points, radius }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(img, 0, 0);
      return points.map(([x, y]) => {
        const out: [number, number, number, number][] = [];
        for (let dy = -radius; dy <= radius; dy++)
          for (let dx = -radius; dx <= radius; dx++) {
            const px = Math.round(x + dx);
            const py = Math.round(y + dy);
            if (px < 0 || py < 0 || px >= canvas.width || py >= canvas.height) continue;
            const d = ctx.getImageData(px, py, 1, 1).data;
            out.push([d[0], d[1], d[2], d[3]]);
          }
        return out;
      });
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, points, radius },
  );
}

/**
 * Bone colour of the first trial (TRIAL_COLORS[0], '#e8e2d5') under any light: a warm grey, red above blue,
 * while the viewer's background and floor are cool greys (blue above red).
 */
export function isBoneColour([r, g, b]: Rgba): boolean {
  return r >= 60 && r - b >= 6 && g - b >= 2;
}

/** The limbs whose bones must be on screen: [from joint, to joint] (body origins: the same names in the built-in and LaiUhlrich2022 models). */
export const LIMBS: [string, string][] = [
  ['femur_r', 'tibia_r'],
  ['tibia_r', 'talus_r'],
  ['femur_l', 'tibia_l'],
  ['tibia_l', 'talus_l'],
  ['humerus_r', 'ulna_r'],
  ['ulna_r', 'hand_r'],
  ['humerus_l', 'ulna_l'],
  ['ulna_l', 'hand_l'],
];

export interface OverlayView {
  /** Pixels of the bone and marker colours on the video's overlay canvas. */
  bone: number;
  marker: number;
  /** The results frame, media time and number of shapes the overlay says it drew. */
  frame: number;
  mediaTime: number;
  drawn: number;
}

/** Runs in the page: what every video overlay canvas shows, and whether all n show media time `at`. */
function sampleOverlays({ n, at }: { n: number; at: number }): { settled: boolean; out: OverlayView[] } {
  const canvases = Array.from(
    document.querySelectorAll<HTMLCanvasElement>('canvas[data-testid="video-overlay"]'),
  );
  const out = canvases.map((c) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let bone = 0;
    let marker = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] < 200) continue;
      if (d[i] < 90 && d[i + 1] > 170 && d[i + 2] > 200) bone++;
      else if (d[i] > 200 && d[i + 1] > 170 && d[i + 2] < 90) marker++;
    }
    const { frame, mediaTime, drawn } = c.dataset;
    return { bone, marker, frame: Number(frame), mediaTime: Number(mediaTime), drawn: Number(drawn) };
  });
  const settled = out.length === n && out.every((o) => o.drawn > 0 && Math.abs(o.mediaTime - at) < 0.02);
  return { settled, out };
}

/**
 * Waits until all n video overlays are drawn at media time `at` (30 s) and returns what each shows; on a
 * timeout it prints each overlay and video (position, paused, seeking, ready state) before failing.
 */
export async function overlaysSettledAt(page: Page, n: number, at: number): Promise<OverlayView[]> {
  const arg = { n, at };
  await page
    .waitForFunction(`(${sampleOverlays.toString()})(${JSON.stringify(arg)}).settled`, undefined, {
      timeout: 30_000,
    })
    .catch(async (e: unknown) => {
      const videos = await page.evaluate(() =>
        Array.from(document.querySelectorAll('video')).map((v) => ({
          t: v.currentTime,
          paused: v.paused,
          seeking: v.seeking,
          ready: v.readyState,
        })),
      );
      const overlays = (await page.evaluate(sampleOverlays, arg)).out;
      console.log(`overlays not settled at ${at} s:`, JSON.stringify({ overlays, videos }));
      throw e;
    });
  return (await page.evaluate(sampleOverlays, arg)).out;
}
