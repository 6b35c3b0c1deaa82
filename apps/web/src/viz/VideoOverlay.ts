import type { CameraModelJson } from '@poselab/contract';
import { nearestFrame, overlayTimeOfFrame, poseSkeleton, type OverlaySkeleton } from './overlay-data';
import { pictureMapping, projectPoint, toElement } from './projection';
import { frameAt, type VisualizerTransforms } from './transforms';

/** Colours of the overlay: bright on video, with a dark edge so they read on light and dark clothes. */
export const OVERLAY_BONE_COLOR = '#00e5ff';
export const OVERLAY_MARKER_COLOR = '#ffd600';
const EDGE_COLOR = 'rgba(0, 0, 0, 0.65)';

export interface OverlayView {
  video: HTMLVideoElement;
  canvas: HTMLCanvasElement;
  /** The calibrated camera that filmed this video, or null (nothing is drawn). */
  camera: CameraModelJson | null;
}

/**
 * Draws a trial's model (bones and markers) into its synced videos: a canvas over each <video>, redrawn for
 * every frame the video presents (requestVideoFrameCallback gives the frame's media time; results time 0 is
 * frame 0 of every synced video, so media time is results time) and after seeks while paused. Each point is
 * projected with the camera's calibration (pinhole + Brown–Conrady), so a user sees at once whether the
 * skeleton sits on the person.
 */
export class VideoOverlay {
  private views: OverlayView[] = [];
  private visible = true;
  private disposed = false;
  private readonly resize = new ResizeObserver(() => this.redrawAll());
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly skeleton: OverlaySkeleton,
    private readonly transforms: VisualizerTransforms,
  ) {}

  attach(views: OverlayView[]): void {
    this.detach();
    this.views = views;
    for (const view of views) {
      const { video } = view;
      const redraw = () => this.draw(view, video.currentTime, 'position');
      for (const ev of ['seeked', 'loadeddata', 'pause'] as const) video.addEventListener(ev, redraw);
      this.cleanups.push(() => {
        for (const ev of ['seeked', 'loadeddata', 'pause'] as const) video.removeEventListener(ev, redraw);
      });
      this.resize.observe(video);
      this.watchFrames(view);
      if (video.readyState >= 2) redraw();
    }
  }

  setVisible(on: boolean): void {
    this.visible = on;
    this.redrawAll();
  }

  dispose(): void {
    this.disposed = true;
    this.detach();
    this.resize.disconnect();
  }

  /**
   * Draws the model at media time `t` of one view's video: the time of a presented frame (the nearest results
   * sample), or a playback position after a seek (the frame on screen is the last one starting before it).
   */
  draw(view: OverlayView, t: number, kind: 'presented' | 'position' = 'presented'): void {
    const { video, canvas, camera } = view;
    const w = video.clientWidth;
    const h = video.clientHeight;
    const dpr = window.devicePixelRatio || 1;
    const cw = Math.max(1, Math.round(w * dpr));
    const ch = Math.max(1, Math.round(h * dpr));
    if (canvas.width !== cw || canvas.height !== ch) {
      canvas.width = cw;
      canvas.height = ch;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, cw, ch);
    const mapping = camera ? pictureMapping(camera, video.videoWidth, video.videoHeight, w, h) : null;
    if (!this.visible || !camera || !mapping) {
      canvas.dataset.drawn = '0';
      return;
    }
    ctx.scale(dpr, dpr);
    const time = this.transforms.time;
    const frame = kind === 'presented' ? nearestFrame(time, t) : frameAt(time, t - time[0] + 1e-4);
    const posed = poseSkeleton(this.skeleton, this.transforms, frame);
    const at = (p: [number, number, number]) => {
      const px = projectPoint(camera, p);
      return px ? toElement(mapping, px) : null;
    };
    const size = Math.max(1.5, Math.min(w, h) / 160);
    ctx.lineCap = 'round';
    let drawn = 0;
    for (const [color, width] of [
      [EDGE_COLOR, size * 2 + 2],
      [OVERLAY_BONE_COLOR, size * 2],
    ] as const) {
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.beginPath();
      for (const [a, b] of posed.bones) {
        const pa = at(a);
        const pb = at(b);
        if (!pa || !pb) continue;
        ctx.moveTo(pa[0], pa[1]);
        ctx.lineTo(pb[0], pb[1]);
        drawn++;
      }
      ctx.stroke();
    }
    ctx.fillStyle = OVERLAY_MARKER_COLOR;
    ctx.strokeStyle = EDGE_COLOR;
    ctx.lineWidth = 1;
    for (const m of posed.markers) {
      const p = at(m);
      if (!p) continue;
      ctx.beginPath();
      ctx.arc(p[0], p[1], size * 1.6, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      drawn++;
    }
    // Plain attributes let tests and people check which results frame a video shows.
    canvas.dataset.frame = String(frame);
    canvas.dataset.mediaTime = t.toFixed(4);
    canvas.dataset.drawn = String(drawn);
  }

  private redrawAll(): void {
    for (const v of this.views) this.draw(v, v.video.currentTime, 'position');
  }

  private watchFrames(view: OverlayView): void {
    const { video } = view;
    if (typeof video.requestVideoFrameCallback !== 'function') {
      // Without frame callbacks: redraw on time updates (a few times a second).
      const onTime = () => this.draw(view, video.currentTime, 'position');
      video.addEventListener('timeupdate', onTime);
      this.cleanups.push(() => video.removeEventListener('timeupdate', onTime));
      return;
    }
    let handle = 0;
    const onFrame = (_now: number, meta: VideoFrameCallbackMetadata) => {
      if (this.disposed || !this.views.includes(view)) return;
      const { t, kind } = overlayTimeOfFrame(meta.mediaTime, video);
      this.draw(view, t, kind);
      handle = video.requestVideoFrameCallback(onFrame);
    };
    handle = video.requestVideoFrameCallback(onFrame);
    this.cleanups.push(() => video.cancelVideoFrameCallback(handle));
  }

  private detach(): void {
    for (const c of this.cleanups.splice(0)) c();
    for (const v of this.views) this.resize.unobserve(v.video);
    this.views = [];
  }
}
