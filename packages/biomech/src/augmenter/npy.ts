/** Minimal NumPy .npy reader (format 1.0–3.0, little-endian float64/float32, C order). */
export interface NpyArray {
  shape: number[];
  data: Float64Array;
}

export function readNpy(bytes: Uint8Array): NpyArray {
  const magic = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59];
  if (bytes.length < 10 || magic.some((b, i) => bytes[i] !== b))
    throw new Error('Not a .npy file (bad magic bytes)');
  const major = bytes[6];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLen = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const headerStart = major === 1 ? 10 : 12;
  const header = new TextDecoder('latin1').decode(bytes.subarray(headerStart, headerStart + headerLen));
  const descr = /'descr'\s*:\s*'([^']+)'/.exec(header)?.[1];
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header)?.[1];
  const shapeText = /'shape'\s*:\s*\(([^)]*)\)/.exec(header)?.[1];
  if (!descr || !fortran || shapeText === undefined)
    throw new Error(`Unreadable .npy header: ${header.trim()}`);
  if (fortran === 'True') throw new Error('Fortran-ordered .npy arrays are not supported');
  const shape = shapeText
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number);
  const count = shape.reduce((a, b) => a * b, 1);
  const offset = headerStart + headerLen;
  const data = new Float64Array(count);
  if (descr === '<f8') {
    if (bytes.length < offset + 8 * count) throw new Error('.npy file is truncated');
    for (let i = 0; i < count; i++) data[i] = view.getFloat64(offset + 8 * i, true);
  } else if (descr === '<f4') {
    if (bytes.length < offset + 4 * count) throw new Error('.npy file is truncated');
    for (let i = 0; i < count; i++) data[i] = view.getFloat32(offset + 4 * i, true);
  } else {
    throw new Error(`.npy dtype ${descr} is not supported (float64 or float32 little-endian)`);
  }
  return { shape, data };
}
