/**
 * The BlazePose input crop done in plain JS on the decoded RGB bytes: the same rotated, letterboxed ROI as the
 * tfjs wrapper's convertImageToTensor (its own ROI and matrix functions are called), sampled bilinearly exactly as
 * tf.image.transform does with a constant zero border, then shifted to the network's value range. It replaces
 * casting the whole frame to a float tensor and transforming it in tfjs-wasm (about 4× the time, see the pipeline
 * README's profile). The rotation matters: without it a raised hand can pull the head off (FINDINGS).
 */
import {
  getProjectiveTransformMatrix,
  getRoi,
  padRoi,
  transformValueRange,
} from '@tensorflow-models/pose-detection/dist/shared/calculators/image_utils';
import { getRotatedSubRectToRectTransformMatrix } from '@tensorflow-models/pose-detection/dist/shared/calculators/get_rotated_sub_rect_to_rect_transformation_matrix';
import type { Matrix4x4 } from '@tensorflow-models/pose-detection/dist/shared/calculators/calculate_inverse_matrix';
import type { Padding } from '@tensorflow-models/pose-detection/dist/shared/calculators/interfaces/common_interfaces';
import type { ImageToTensorConfig } from '@tensorflow-models/pose-detection/dist/shared/calculators/interfaces/config_interfaces';
import type { Rect } from '@tensorflow-models/pose-detection/dist/shared/calculators/interfaces/shape_interfaces';

export interface RoiCrop {
  /** NHWC float32 pixels, outputTensorSize.height × width × 3, in the configured value range. */
  input: Float32Array;
  padding: Padding;
  transformationMatrix: Matrix4x4;
}

/**
 * Crops `normRect` (normalised, rotated; the whole image when absent) out of an RGB image into the network's
 * input. `out` is reused when given (one buffer per network, no allocation per frame).
 */
export function cropRoi(
  rgb: Uint8Array,
  width: number,
  height: number,
  config: ImageToTensorConfig,
  normRect?: Rect,
  out?: Float32Array,
): RoiCrop {
  if (config.borderMode !== 'zero') throw new Error('cropRoi supports the zero border only');
  const imageSize = { width, height };
  const { width: ow, height: oh } = config.outputTensorSize;
  const roi = getRoi(imageSize, normRect);
  const padding = padRoi(roi, config.outputTensorSize, config.keepAspectRatio);
  const transformationMatrix = getRotatedSubRectToRectTransformMatrix(roi, width, height, false);
  // tf.image.transform receives the matrix as a float32 tensor: round it the same way.
  const [a0, a1, a2, b0, b1, b2] = getProjectiveTransformMatrix(transformationMatrix, imageSize, {
    width: ow,
    height: oh,
  }).map(Math.fround);
  const range = config.outputTensorFloatRange ?? [0, 255];
  const { scale, offset } = transformValueRange(0, 255, range[0], range[1]);
  const input = out && out.length === ow * oh * 3 ? out : new Float32Array(ow * oh * 3);
  const stride = width * 3;
  // Corner value, zero outside the image (tf.image.transform's constant fill).
  const at = (xx: number, yy: number, c: number): number =>
    xx >= 0 && xx < width && yy >= 0 && yy < height ? rgb[yy * stride + xx * 3 + c] : 0;
  let o = 0;
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++, o += 3) {
      const inX = a0 * x + a1 * y + a2;
      const inY = b0 * x + b1 * y + b2;
      const x0 = Math.floor(inX);
      const y0 = Math.floor(inY);
      const fx = inX - x0;
      const fy = inY - y0;
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < width && y0 + 1 < height) {
        const i = y0 * stride + x0 * 3;
        const j = i + stride;
        for (let c = 0; c < 3; c++) {
          const top = (1 - fx) * rgb[i + c] + fx * rgb[i + c + 3];
          const bottom = (1 - fx) * rgb[j + c] + fx * rgb[j + c + 3];
          input[o + c] = ((1 - fy) * top + fy * bottom) * scale + offset;
        }
      } else if (x0 < -1 || y0 < -1 || x0 >= width || y0 >= height) {
        input[o] = input[o + 1] = input[o + 2] = offset;
      } else {
        for (let c = 0; c < 3; c++) {
          const top = (1 - fx) * at(x0, y0, c) + fx * at(x0 + 1, y0, c);
          const bottom = (1 - fx) * at(x0, y0 + 1, c) + fx * at(x0 + 1, y0 + 1, c);
          input[o + c] = ((1 - fy) * top + fy * bottom) * scale + offset;
        }
      }
    }
  }
  return { input, padding, transformationMatrix };
}
