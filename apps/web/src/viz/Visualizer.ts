import {
  Box3,
  DirectionalLight,
  HemisphereLight,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  PCFShadowMap,
  PerspectiveCamera,
  PlaneGeometry,
  Scene,
  Color,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { CAMERA_FOV, fitDistance } from './camera-fit';
import { createCheckerTexture } from './checker-texture';
import { chooseQuality, probeRendererName, type RenderQuality } from './render-quality';
import { PlaybackClock, TIME_STEP } from './playback-clock';
import { Skeleton } from './skeleton';
import { trialColor, trialOffset } from './trial-layout';
import { animationDuration, type VisualizerTransforms } from './transforms';
import { VideoSync } from './video-sync';

/**
 * Software WebGL shades every pixel on the CPU, so the low quality mode draws fewer pixels (the browser scales
 * the canvas up to its CSS size).
 */
const LOW_QUALITY_PIXEL_RATIO = 0.75;

export { CAMERA_FOV } from './camera-fit';

export interface VisualizerState {
  time: number;
  duration: number;
  playing: boolean;
  speed: number;
}

export interface VisualizerOptions {
  /** Folder URL holding OpenSim .vtp/.stl/.obj files; generated bones are used when absent or unloadable. */
  geometryBaseUrl?: string;
  /** 'auto' (default) picks 'low' on software WebGL. */
  quality?: RenderQuality | 'auto';
  /** The canvas's accessible name, in the UI language (setLabel changes it). */
  label?: string;
}

/**
 * The 3D view: owns the three.js renderer, scene, camera, controls and frame loop. React feeds it trials and
 * video elements and reads its state through `subscribe`; it never re-renders per frame.
 */
export class Visualizer {
  readonly clock = new PlaybackClock(0);
  readonly quality: RenderQuality;
  /** Frames rendered since creation (the viewer benchmark reads it). */
  framesRendered = 0;
  private readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(CAMERA_FOV, 1, 0.05, 100);
  private readonly controls: OrbitControls;
  private readonly sun = new DirectionalLight(0xffffff, 2.2);
  private readonly floor: Mesh<PlaneGeometry, MeshStandardMaterial | MeshBasicMaterial>;
  private skeletons: Skeleton[] = [];
  private readonly videoSync = new VideoSync(this.clock, () => this.updateDuration());
  private readonly listeners = new Set<(s: VisualizerState) => void>();
  private readonly resizeObserver: ResizeObserver;
  private lastEmit = 0;
  private lastEmitted = '';
  private disposed = false;
  /** Something changed since the last draw (paused and still scenes are not redrawn). */
  private dirty = true;
  private lastDrawnTime = -1;

  constructor(
    private readonly container: HTMLElement,
    private readonly options: VisualizerOptions = {},
  ) {
    this.quality = chooseQuality(options.quality, probeRendererName);
    const high = this.quality === 'high';
    this.renderer = new WebGLRenderer({ antialias: high, powerPreference: 'high-performance' });
    this.renderer.setPixelRatio(high ? Math.min(window.devicePixelRatio, 2) : LOW_QUALITY_PIXEL_RATIO);
    this.renderer.shadowMap.enabled = high;
    this.renderer.shadowMap.type = PCFShadowMap;
    this.renderer.domElement.setAttribute('role', 'img');
    if (options.label) this.setLabel(options.label);
    // The canvas fills its container and never sets the layout's width: a canvas sized in pixels for a wide
    // window kept a narrowed window (a phone turned upright) as wide as before.
    Object.assign(this.renderer.domElement.style, { display: 'block', width: '100%', height: '100%' });
    container.appendChild(this.renderer.domElement);

    this.scene.background = new Color('#eef1f4');
    this.scene.add(new HemisphereLight(0xffffff, 0x8a8f96, 1.4));
    this.sun.position.set(3, 6, 2);
    this.sun.castShadow = true;
    this.sun.shadow.mapSize.set(1024, 1024);
    this.scene.add(this.sun, this.sun.target);

    const floorSize = 40;
    this.floor = new Mesh(
      new PlaneGeometry(floorSize, floorSize),
      high
        ? new MeshStandardMaterial({ map: createCheckerTexture(floorSize / 0.5 / 2), roughness: 0.9 })
        : new MeshBasicMaterial({ map: createCheckerTexture(floorSize / 0.5 / 2) }), // unlit: cheapest per pixel
    );
    this.floor.rotation.x = -Math.PI / 2;
    this.floor.receiveShadow = true;
    this.scene.add(this.floor);

    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = true;
    this.controls.addEventListener('change', () => (this.dirty = true));
    this.camera.position.set(3, 1.5, 3);

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
    this.renderer.setAnimationLoop(() => this.frame());
  }

  /**
   * Shows these trials side by side, each in its own colour (SPEC §9's trial colours unless `colors` names
   * them, as the analysis dashboards do to match their charts), and frames the camera on them.
   */
  setTrials(list: VisualizerTransforms[], colors?: readonly string[]): void {
    for (const s of this.skeletons) {
      this.scene.remove(s.group);
      s.dispose();
    }
    this.skeletons = list.map(
      (t, i) =>
        new Skeleton(t, colors?.[i] ?? trialColor(i), trialOffset(i, list.length), this.quality === 'high'),
    );
    this.container.dataset.trials = String(list.length);
    for (const s of this.skeletons) this.scene.add(s.group);
    if (this.options.geometryBaseUrl) {
      for (const s of this.skeletons)
        void s.useModelGeometry(this.options.geometryBaseUrl).then(() => (this.dirty = true));
    }
    this.updateDuration();
    this.frameCamera();
    this.dirty = true;
    this.emit(true);
  }

  /**
   * Per-trial time offsets (s, in setTrials' order): trial i shows its frame at clock time t − offset[i], so a
   * positive offset starts it later, as in the dashboard's charts over time. The duration covers the latest end.
   */
  setTimeOffsets(offsets: readonly number[]): void {
    this.skeletons.forEach((s, i) => (s.timeOffset = offsets[i] ?? 0));
    this.container.dataset.offsets = this.skeletons.map((s) => s.timeOffset).join(',');
    this.updateDuration();
    this.dirty = true;
  }

  /** Videos (video-sync results) that play in step with the skeletons. */
  setVideos(videos: HTMLVideoElement[]): void {
    this.videoSync.setVideos(videos);
    this.updateDuration();
  }

  /** The canvas's accessible name (the UI language may change while the view lives). */
  setLabel(label: string): void {
    this.renderer.domElement.setAttribute('aria-label', label);
  }

  subscribe(listener: (s: VisualizerState) => void): () => void {
    this.listeners.add(listener);
    listener(this.state());
    return () => this.listeners.delete(listener);
  }

  state(): VisualizerState {
    const c = this.clock;
    return { time: c.time, duration: c.duration, playing: c.playing, speed: c.speed };
  }

  play(): void {
    this.clock.play(performance.now());
    this.emit(true);
  }

  pause(): void {
    this.clock.pause();
    this.videoSync.pauseAll();
    this.emit(true);
  }

  togglePlay(): void {
    if (this.clock.playing) this.pause();
    else this.play();
  }

  seek(t: number): void {
    this.clock.seek(Math.round(t / TIME_STEP) * TIME_STEP);
    this.videoSync.seekAll(this.clock.time);
    this.emit(true);
  }

  /** ±0.01 s buttons: they pause, as stepping through frames is what they are for. */
  step(delta: number): void {
    this.pause();
    this.seek(this.clock.time + delta);
  }

  toStart(): void {
    this.seek(0);
  }

  toEnd(): void {
    this.pause();
    this.seek(this.clock.duration);
  }

  setSpeed(speed: number): void {
    this.clock.speed = speed;
    this.emit(true);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.renderer.setAnimationLoop(null);
    this.resizeObserver.disconnect();
    this.videoSync.dispose();
    this.controls.dispose();
    for (const s of this.skeletons) s.dispose();
    this.floor.geometry.dispose();
    this.floor.material.map?.dispose();
    this.floor.material.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
    this.listeners.clear();
  }

  private updateDuration(): void {
    const anim = Math.max(
      0,
      ...this.skeletons.map((s) => animationDuration(s.transforms.time) + s.timeOffset),
    );
    this.clock.duration = Math.max(anim, this.videoSync.longestDuration());
    this.emit(true);
  }

  private frame(): void {
    const clock = this.clock;
    this.videoSync.step(performance.now());
    let frame = 0;
    for (const s of this.skeletons) frame = Math.max(frame, s.showTime(clock.time));
    const moved = this.controls.update();
    if (this.dirty || moved || clock.playing || clock.time !== this.lastDrawnTime) {
      this.renderer.render(this.scene, this.camera);
      this.framesRendered++;
      this.dirty = false;
      this.lastDrawnTime = clock.time;
      if (!clock.playing) this.describeStill();
    }
    // Plain attributes let tests and people inspect the shown time without React.
    this.container.dataset.time = clock.time.toFixed(4);
    this.container.dataset.frame = String(frame);
    this.container.dataset.playing = String(clock.playing);
    this.container.dataset.clockSource = this.videoSync.clockSource;
    this.container.dataset.quality = this.quality;
    this.emit(false);
  }

  /**
   * On a still picture: which bodies the first skeleton draws and where their joints are on screen (CSS pixels
   * of the canvas), as plain attributes for tests and people checking the scene without WebGL access.
   */
  private describeStill(): void {
    const first = this.skeletons[0];
    if (!first) return;
    const w = this.renderer.domElement.clientWidth;
    const h = this.renderer.domElement.clientHeight;
    const screen: Record<string, [number, number]> = {};
    for (const [name, p] of first.drawnBodies()) {
      const ndc = p.project(this.camera);
      screen[name] = [Math.round(((ndc.x + 1) / 2) * w), Math.round(((1 - ndc.y) / 2) * h)];
    }
    this.container.dataset.bodiesDrawn = String(Object.keys(screen).length);
    this.container.dataset.jointsOnScreen = JSON.stringify(screen);
  }

  /** State to React at most 10 times a second while playing, and at once after an action. */
  private emit(force: boolean): void {
    const now = performance.now();
    if (!force && now - this.lastEmit < 100) return;
    const s = this.state();
    const key = `${s.time.toFixed(2)}|${s.duration}|${s.playing}|${s.speed}`;
    if (key === this.lastEmitted && !force) return;
    this.lastEmit = now;
    this.lastEmitted = key;
    for (const l of this.listeners) l(s);
  }

  private resize(): void {
    const w = Math.max(1, this.container.clientWidth);
    const h = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.dirty = true;
  }

  /** Fits every subject in view: the pelvis paths plus a standing height, seen from the front-right. */
  private frameCamera(): void {
    const box = new Box3();
    for (const s of this.skeletons) box.union(s.pelvisBounds());
    if (box.isEmpty()) return;
    box
      .expandByPoint(new Vector3(box.min.x, 0, box.min.z))
      .expandByPoint(new Vector3(box.max.x, 1.9, box.max.z));
    box.expandByScalar(0.12);
    const centre = box.getCenter(new Vector3());
    const size = box.getSize(new Vector3());
    // A three-quarter view of one subject; a more frontal one for a row of trials side by side.
    const dir = new Vector3(0.85, 0.25, this.skeletons.length > 1 ? 0.2 : 0.5).normalize();
    this.camera.position.copy(centre).addScaledVector(dir, fitDistance(box, centre, dir, this.camera.aspect));
    this.controls.target.copy(centre);
    this.controls.update();
    const shadowSpan = Math.max(size.x, size.z) / 2 + 1;
    Object.assign(this.sun.shadow.camera, {
      left: -shadowSpan,
      right: shadowSpan,
      top: shadowSpan,
      bottom: -shadowSpan,
    });
    this.sun.shadow.camera.updateProjectionMatrix();
    this.sun.target.position.copy(centre);
    this.sun.position.set(centre.x + 3, 6, centre.z + 2);
  }
}
