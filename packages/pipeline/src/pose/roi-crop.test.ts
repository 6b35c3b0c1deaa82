import * as tf from '@tensorflow/tfjs';
import {
  BLAZEPOSE_DETECTOR_IMAGE_TO_TENSOR_CONFIG,
  BLAZEPOSE_LANDMARK_IMAGE_TO_TENSOR_CONFIG,
} from '@tensorflow-models/pose-detection/dist/blazepose_tfjs/constants';
import { convertImageToTensor } from '@tensorflow-models/pose-detection/dist/shared/calculators/convert_image_to_tensor';
import { describe, expect, it } from 'vitest';
import { initWasmBackend } from './blazepose';
import { cropRoi } from './roi-crop';

describe('cropRoi', () => {
  // A smooth pattern plus hard edges, 360 × 640 like a decoded portrait frame.
  const [width, height] = [360, 640];
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++)
        rgb[(y * width + x) * 3 + c] = (x * (c + 1) + y * (3 - c) + ((x >> 4) & 1) * 90) % 256;

  const cases = [
    {
      name: 'detector input (whole image, letterboxed, [-1, 1])',
      config: BLAZEPOSE_DETECTOR_IMAGE_TO_TENSOR_CONFIG,
    },
    {
      name: 'landmark input (rotated ROI reaching past the image edge, [0, 1])',
      config: BLAZEPOSE_LANDMARK_IMAGE_TO_TENSOR_CONFIG,
      roi: { xCenter: 0.3, yCenter: 0.55, width: 1.1, height: 0.62, rotation: 0.4 },
    },
    {
      name: 'landmark input (upside-down ROI)',
      config: BLAZEPOSE_LANDMARK_IMAGE_TO_TENSOR_CONFIG,
      roi: { xCenter: 0.5, yCenter: 0.4, width: 0.8, height: 0.45, rotation: -2.9 },
    },
  ];

  it.each(cases)('matches the wrapper’s tf.image.transform crop: $name', async ({ config, roi }) => {
    await initWasmBackend();
    const image = tf.tensor3d(rgb, [height, width, 3], 'int32').cast('float32') as tf.Tensor3D;
    const expected = convertImageToTensor(image, config, roi && { ...roi });
    const actual = cropRoi(rgb, width, height, config, roi && { ...roi });
    const e = expected.imageTensor.dataSync();
    expect(actual.input).toHaveLength(e.length);
    let worst = 0;
    for (let i = 0; i < e.length; i++) worst = Math.max(worst, Math.abs(e[i] - actual.input[i]));
    // 1e-4 of the value range is 1/40 of a grey level.
    expect(worst).toBeLessThan(1e-4);
    expect(actual.padding).toEqual(expected.padding);
    expect(actual.transformationMatrix).toEqual(expected.transformationMatrix);
    tf.dispose([image, expected.imageTensor]);
  });
});
