/**
 * Acceptance 1 of the biomech issue: FK parity with OpenSim. Reads the scaled LaiUhlrich2022 model and the
 * 86-frame .mot of ../shared/data/opencap-fk-reference, writes visualizerTransforms with our FK and compares
 * every body's translation and rotation with the JSON OpenSim produced.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compareVisualizerTransforms,
  readMot,
  readOsim,
  visualizerTransforms,
  type VisualizerTransforms,
} from '@poselab/biomech';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = resolve(root, '../shared/data/opencap-fk-reference');
if (!existsSync(dir)) {
  console.error(`bench:fk needs ${dir} (the shared test data); it is absent.`);
  process.exit(1);
}
const model = readOsim(readFileSync(resolve(dir, 'LaiUhlrich2022_scaled.osim'), 'utf8'));
const motion = readMot(readFileSync(resolve(dir, 'DJ1_videoAndMocap.mot'), 'utf8'));
const reference = JSON.parse(
  readFileSync(resolve(dir, 'visualizerTransforms.json'), 'utf8'),
) as VisualizerTransforms;

const t0 = performance.now();
const ours = visualizerTransforms(model, motion);
const ms = performance.now() - t0;
const cmp = compareVisualizerTransforms(ours, reference);
for (const [body, e] of Object.entries(cmp.perBody)) {
  console.log(
    `${body.padEnd(12)} max translation ${e.translationMm.toFixed(4)} mm   max rotation ${e.rotationDeg.toFixed(5)} deg`,
  );
}
console.log(`${motion.rows.length} frames, ${Object.keys(ours.bodies).length} bodies in ${ms.toFixed(1)} ms`);
console.log(JSON.stringify({ maxTranslationMm: cmp.maxTranslationMm, maxRotationDeg: cmp.maxRotationDeg }));
