/**
 * Rendering quality. 'high': antialiasing, soft shadows, physically based materials. 'low' (chosen automatically
 * for software WebGL such as SwiftShader or llvmpipe, where every pixel is shaded on the CPU): no multisampling,
 * no shadow pass, cheaper materials and at most one device pixel per CSS pixel.
 */
export type RenderQuality = 'high' | 'low';

export function isSoftwareRenderer(rendererName: string): boolean {
  return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(rendererName);
}

/** The WebGL renderer's name, read from a throwaway context ('' when unknown). */
export function probeRendererName(): string {
  try {
    const canvas = document.createElement('canvas');
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    if (!gl) return '';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name;
  } catch {
    return '';
  }
}

export function chooseQuality(
  requested: RenderQuality | 'auto' | undefined,
  rendererName: () => string,
): RenderQuality {
  if (requested === 'high' || requested === 'low') return requested;
  return isSoftwareRenderer(rendererName()) ? 'low' : 'high';
}
