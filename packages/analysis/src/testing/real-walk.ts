import type { Motion } from '@poselab/biomech';

/** Columns that change sign in a left–right mirror image of walking along +x. */
const NEGATED = ['pelvis_list', 'pelvis_rotation', 'lumbar_bending', 'lumbar_rotation'];

function mirrorColumn(name: string): string {
  if (name.endsWith('_r')) return `${name.slice(0, -2)}_l`;
  if (name.endsWith('_l')) return `${name.slice(0, -2)}_r`;
  if (name.endsWith('_r_beta')) return name.replace('_r_beta', '_l_beta');
  if (name.endsWith('_l_beta')) return name.replace('_l_beta', '_r_beta');
  return name;
}

/**
 * A longer walk assembled from one real step of an OpenCap motion: the rows from one heel strike to the next
 * opposite heel strike (`fromRow` to `toRow`, exclusive), then the same rows mirrored left–right, and so on,
 * the pelvis carried forward by the step's displacement each time. OpenCap's walking1.mot holds 1.2 strides
 * (no complete gait cycle of either leg); this gives whole cycles of real joint angles.
 */
export function repeatedRealStep(motion: Motion, fromRow: number, toRow: number, halfCycles: number): Motion {
  const col = (name: string) => motion.columns.indexOf(name);
  const tx = col('pelvis_tx');
  const tz = col('pelvis_tz');
  const step = motion.rows[toRow][tx] - motion.rows[fromRow][tx];
  let zMean = 0;
  for (let r = fromRow; r < toRow; r++) zMean += motion.rows[r][tz] / (toRow - fromRow);
  const mirrorIndex = motion.columns.map((c) => col(mirrorColumn(c)));
  const dt = motion.time[1] - motion.time[0];
  const rows: number[][] = [];
  const time: number[] = [];
  for (let k = 0; k < halfCycles; k++) {
    for (let r = fromRow; r < toRow; r++) {
      const src = motion.rows[r];
      const row = k % 2 === 0 ? [...src] : motion.columns.map((_, i) => src[mirrorIndex[i]]);
      if (k % 2 === 1) {
        for (const name of NEGATED) if (col(name) >= 0) row[col(name)] = -row[col(name)];
        row[tz] = 2 * zMean - row[tz];
      }
      row[tx] += k * step;
      time.push(Number((rows.length * dt).toFixed(6)));
      rows.push(row);
    }
  }
  return { ...motion, name: `${motion.name}-repeated`, time, rows };
}
