import type { BufferGeometry } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';

/**
 * Loads OpenSim geometry files (.vtp, .stl, .obj) from a configured folder URL. Loaders are imported on demand
 * so that they only reach the browser when such a folder is configured.
 */
export async function loadModelGeometry(baseUrl: string, fileName: string): Promise<BufferGeometry> {
  const url = `${baseUrl.replace(/\/$/, '')}/${encodeURIComponent(fileName)}`;
  const ext = fileName.split('.').pop()?.toLowerCase();
  if (ext === 'vtp' || ext === 'vtk') {
    const { VTKLoader } = await import('three/examples/jsm/loaders/VTKLoader.js');
    return new VTKLoader().loadAsync(url);
  }
  if (ext === 'stl') {
    const { STLLoader } = await import('three/examples/jsm/loaders/STLLoader.js');
    return new STLLoader().loadAsync(url);
  }
  if (ext === 'obj') {
    const { OBJLoader } = await import('three/examples/jsm/loaders/OBJLoader.js');
    const group = await new OBJLoader().loadAsync(url);
    const parts: BufferGeometry[] = [];
    group.traverse((o) => {
      const mesh = o as { isMesh?: boolean; geometry?: BufferGeometry };
      if (mesh.isMesh && mesh.geometry) parts.push(mesh.geometry.toNonIndexed());
    });
    const merged = parts.length ? mergeGeometries(parts) : null;
    if (!merged) throw new Error(`No mesh in ${fileName}`);
    return merged;
  }
  throw new Error(`Unsupported geometry file type: ${fileName}`);
}

/** One body's model files merged, or null when any of them cannot be loaded (the caller then generates). */
export async function loadBodyModelGeometry(
  baseUrl: string,
  files: string[],
): Promise<BufferGeometry | null> {
  try {
    const parts = await Promise.all(files.map((f) => loadModelGeometry(baseUrl, f)));
    const normalised = parts.map((g) => {
      const flat = g.index ? g.toNonIndexed() : g;
      for (const key of Object.keys(flat.attributes))
        if (key !== 'position' && key !== 'normal') flat.deleteAttribute(key);
      if (!flat.getAttribute('normal')) flat.computeVertexNormals();
      return flat;
    });
    return normalised.length === 1 ? normalised[0] : mergeGeometries(normalised);
  } catch {
    return null;
  }
}
