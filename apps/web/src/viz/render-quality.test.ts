import { describe, expect, it } from 'vitest';
import { chooseQuality, isSoftwareRenderer } from './render-quality';

describe('render quality', () => {
  it('recognises software WebGL renderers', () => {
    expect(
      isSoftwareRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)'),
    ).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3070)')).toBe(false);
  });
  it('uses an explicit choice, else picks by renderer', () => {
    expect(chooseQuality('high', () => 'SwiftShader')).toBe('high');
    expect(chooseQuality('auto', () => 'SwiftShader')).toBe('low');
    expect(chooseQuality(undefined, () => 'Apple M2')).toBe('high');
  });
});
