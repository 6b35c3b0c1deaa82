import {
  Box3,
  Color,
  Group,
  Mesh,
  MeshLambertMaterial,
  MeshStandardMaterial,
  Vector3,
  type BufferGeometry,
  type Material,
} from 'three';
import { generateBodyGeometry } from './bone-geometry';
import { loadBodyModelGeometry } from './model-geometry';
import { applyBodyPose } from './pose';
import { frameAt, type VisualizerTransforms } from './transforms';

/** One trial's skeleton: a mesh per body, posed per frame from the transforms. */
export class Skeleton {
  readonly group = new Group();
  private readonly meshes = new Map<string, Mesh>();
  private readonly material: Material;
  private shownFrame = -1;

  constructor(
    readonly transforms: VisualizerTransforms,
    color: string,
    readonly offsetZ: number,
    highQuality = true,
  ) {
    this.material = highQuality
      ? new MeshStandardMaterial({ color: new Color(color), roughness: 0.55, metalness: 0.05 })
      : new MeshLambertMaterial({ color: new Color(color) });
    for (const [name, body] of Object.entries(transforms.bodies)) {
      const geometry = generateBodyGeometry(transforms.bodies, name, highQuality ? 'high' : 'low');
      if (!geometry) continue;
      const mesh = new Mesh(geometry, this.material);
      mesh.name = name;
      mesh.castShadow = highQuality;
      mesh.scale.set(...body.scaleFactors);
      mesh.matrixAutoUpdate = false;
      this.meshes.set(name, mesh);
      this.group.add(mesh);
    }
    this.showFrame(0);
  }

  /** Swaps generated meshes for OpenSim model files from a configured folder (bodies whose files load). */
  async useModelGeometry(baseUrl: string): Promise<void> {
    await Promise.all(
      [...this.meshes].map(async ([name, mesh]) => {
        const files = this.transforms.bodies[name].attachedGeometries;
        const loaded: BufferGeometry | null = await loadBodyModelGeometry(baseUrl, files);
        if (!loaded) return;
        mesh.geometry.dispose();
        mesh.geometry = loaded;
      }),
    );
  }

  /** Poses every body for playback time `t` (seconds from the start); cheap when the frame is unchanged. */
  showTime(t: number): number {
    const frame = frameAt(this.transforms.time, t);
    this.showFrame(frame);
    return frame;
  }

  showFrame(frame: number): void {
    if (frame === this.shownFrame) return;
    this.shownFrame = frame;
    for (const [name, mesh] of this.meshes) {
      applyBodyPose(mesh, this.transforms.bodies[name], frame, this.offsetZ);
      mesh.updateMatrix();
    }
  }

  /** Bodies with a mesh, and where their origins (joint centres) are now, offset included. */
  drawnBodies(): Map<string, Vector3> {
    return new Map([...this.meshes].map(([name, mesh]) => [name, mesh.position.clone()]));
  }

  /** Extent of the pelvis path over the whole motion (with the offset), for framing the camera. */
  pelvisBounds(): Box3 {
    const box = new Box3();
    const root = this.transforms.bodies.pelvis ?? Object.values(this.transforms.bodies)[0];
    if (!root) return box;
    for (const p of root.translation) box.expandByPoint(new Vector3(p[0], p[1], p[2] + this.offsetZ));
    return box;
  }

  dispose(): void {
    for (const mesh of this.meshes.values()) mesh.geometry.dispose();
    this.material.dispose();
  }
}
