/**
 * Renders the avatar with three.js in headless Chromium (SwiftShader) and encodes each phone's frames to an
 * H.264 .mp4 through ffmpeg, as a phone would record. The page is served from memory (three from node_modules,
 * the avatar from the cache folder); nothing touches the network.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ffmpegPath, type CameraModel } from '@poselab/pipeline';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { AvatarPose } from './retarget';
import { threeCameraMatrix, verticalFovDeg } from './cameras';

const THREE_DIR = resolve(import.meta.dirname, '../../node_modules/three');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const PAGE = (width: number, height: number) => `<!doctype html><html><head>
<script type="importmap">{"imports":{"three":"/three/build/three.module.js","three/addons/":"/three/examples/jsm/"}}</script>
<style>body{margin:0}</style></head><body><script type="module">
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
const renderer = new THREE.WebGLRenderer({ antialias: false, preserveDrawingBuffer: true });
renderer.setPixelRatio(1);
renderer.setSize(${width}, ${height});
document.body.appendChild(renderer.domElement);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0xd9d5cc);
scene.add(new THREE.HemisphereLight(0xffffff, 0x665f55, 1.6));
const sun = new THREE.DirectionalLight(0xffffff, 1.8);
sun.position.set(3, 6, 2);
scene.add(sun);
const floor = new THREE.Mesh(new THREE.PlaneGeometry(40, 40), new THREE.MeshLambertMaterial({ color: 0x8c8a84 }));
floor.rotation.x = -Math.PI / 2;
scene.add(floor);
const camera = new THREE.PerspectiveCamera(50, ${width} / ${height}, 0.1, 60);
const gltf = await new GLTFLoader().loadAsync('/avatar.glb');
const nodes = [];
gltf.scene.traverse((o) => {
  const a = gltf.parser.associations.get(o);
  if (a && a.nodes !== undefined && nodes[a.nodes] === undefined) nodes[a.nodes] = o;
});
// Clothes by the bone that moves each vertex most: skin, shirt, trousers, shoes.
const SKIN = new THREE.Color(0xd9a383), SHIRT = new THREE.Color(0x2f6db3), TROUSERS = new THREE.Color(0x3a3a42), SHOES = new THREE.Color(0xf2f2f2);
const colourOf = (name) =>
  /Ankle|Toe/.test(name) ? SHOES
  : /Hip|Knee|Pelvis/.test(name) ? TROUSERS
  : /Spine|Clavicle|UpperArm/.test(name) ? SHIRT
  : SKIN;
gltf.scene.traverse((o) => {
  if (!o.isSkinnedMesh) return;
  o.frustumCulled = false;
  const idx = o.geometry.getAttribute('skinIndex'), w = o.geometry.getAttribute('skinWeight');
  const colours = new Float32Array(idx.count * 3);
  for (let v = 0; v < idx.count; v++) {
    let best = 0;
    for (let k = 1; k < 4; k++) if (w.getComponent(v, k) > w.getComponent(v, best)) best = k;
    colourOf(o.skeleton.bones[idx.getComponent(v, best)].name).toArray(colours, v * 3);
  }
  o.geometry.setAttribute('color', new THREE.BufferAttribute(colours, 3));
  o.material = new THREE.MeshLambertMaterial({ vertexColors: true });
});
gltf.scene.updateMatrixWorld(true);
window.restHeight = new THREE.Box3().setFromObject(gltf.scene, true).getSize(new THREE.Vector3()).y;
scene.add(gltf.scene);
window.renderFrame = (f) => {
  nodes.forEach((n, i) => n && n.quaternion.fromArray(f.local, i * 4));
  nodes[f.rootNode].position.fromArray(f.root);
  camera.fov = f.fov;
  camera.updateProjectionMatrix();
  new THREE.Matrix4().fromArray(f.camera).decompose(camera.position, camera.quaternion, camera.scale);
  renderer.render(scene, camera);
  return renderer.domElement.toDataURL('image/jpeg', 0.93);
};
window.ready = true;
</script></body></html>`;

export class AvatarRenderer {
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
    private readonly rootNode: number,
  ) {}

  static async start(
    glbPath: string,
    rootNode: number,
    width: number,
    height: number,
  ): Promise<AvatarRenderer> {
    const browser = await chromium
      .launch({
        executablePath: CHROMIUM,
        args: [
          '--no-sandbox',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--use-angle=swiftshader',
          '--enable-unsafe-swiftshader',
          '--ignore-gpu-blocklist',
        ],
      })
      .catch((err: Error) => {
        throw new Error(
          `Chromium could not be started from ${CHROMIUM} (install the Debian package chromium, or set CHROMIUM_PATH): ${err.message}`,
          { cause: err },
        );
      });
    const page = await browser.newPage({ viewport: { width, height } });
    await page.route('http://bench.local/**', (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/') return route.fulfill({ contentType: 'text/html', body: PAGE(width, height) });
      if (path === '/avatar.glb')
        return route.fulfill({ contentType: 'model/gltf-binary', body: readFileSync(glbPath) });
      if (path.startsWith('/three/') && !path.includes('..'))
        return route.fulfill({
          contentType: 'text/javascript',
          body: readFileSync(resolve(THREE_DIR, path.slice('/three/'.length))),
        });
      return route.fulfill({ status: 404, body: '' });
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('http://bench.local/');
    try {
      await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, null, {
        timeout: 120_000,
      });
    } catch (err) {
      await browser.close();
      throw new Error(`the avatar page did not load: ${errors.join('; ') || (err as Error).message}`, {
        cause: err,
      });
    }
    return new AvatarRenderer(browser, page, rootNode);
  }

  /** The avatar's height in its rest pose (m), from its skinned vertices. */
  async restHeight(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { restHeight: number }).restHeight);
  }

  /** One frame as JPEG bytes. */
  async frame(pose: AvatarPose, cam: CameraModel): Promise<Buffer> {
    const url = await this.page.evaluate(
      (f) => (window as unknown as { renderFrame: (f: unknown) => string }).renderFrame(f),
      {
        local: pose.local.flatMap((q) => [q.x, q.y, q.z, q.w]),
        root: [pose.rootPosition.x, pose.rootPosition.y, pose.rootPosition.z],
        rootNode: this.rootNode,
        camera: threeCameraMatrix(cam),
        fov: verticalFovDeg(cam.intrinsics),
      },
    );
    return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

/** An H.264 .mp4 at `fps` written from JPEG frames. */
export class VideoWriter {
  private readonly proc;
  private readonly done: Promise<void>;

  /** `size`: the video's [width, height] when the frames are rendered smaller (scaled up, as a phone's ISP would). */
  constructor(file: string, fps: number, size?: [number, number]) {
    const scale = size ? ['-vf', `scale=${size[0]}:${size[1]}:flags=lanczos`] : [];
    this.proc = spawn(
      ffmpegPath,
      [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'image2pipe',
        '-framerate',
        String(fps),
        '-c:v',
        'mjpeg',
        '-i',
        '-',
      ].concat(scale, ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '17', '-pix_fmt', 'yuv420p', file]),
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let err = '';
    this.proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    this.done = new Promise((ok, fail) => {
      this.proc.on('error', fail);
      this.proc.on('close', (code) =>
        code === 0 ? ok() : fail(new Error(`ffmpeg failed for ${file}: ${err}`)),
      );
    });
  }

  async write(jpeg: Buffer): Promise<void> {
    if (!this.proc.stdin.write(jpeg)) await new Promise((r) => this.proc.stdin.once('drain', r));
  }

  async close(): Promise<void> {
    this.proc.stdin.end();
    await this.done;
  }
}
