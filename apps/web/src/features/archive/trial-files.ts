import type { Trial } from '@poselab/contract';

/** The tags of a trial's OpenSim files and the extension each downloads with. */
const FILES: Array<{ tag: string; ext: string }> = [
  { tag: 'ik_results', ext: 'mot' },
  { tag: 'marker_data', ext: 'trc' },
];

/** A processed trial's .mot (kinematics) and .trc (markers), named after the trial. */
export function trialFiles(trial: Trial): Array<{ url: string; fileName: string }> {
  if (trial.status !== 'done') return [];
  return FILES.flatMap(({ tag, ext }) => {
    const r = trial.results.find((x) => x.tag === tag && x.media);
    return r?.media ? [{ url: r.media, fileName: `${trial.name}.${ext}` }] : [];
  });
}

/**
 * Downloads each file through fetch (media links may be another origin, e.g. S3, where a link's `download`
 * name is ignored) and saves it under the trial's name.
 */
export async function downloadTrialFiles(trial: Trial): Promise<number> {
  const files = trialFiles(trial);
  for (const f of files) {
    const res = await fetch(f.url);
    if (!res.ok) throw new Error(`${f.fileName}: ${res.status}`);
    const href = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = href;
    a.download = f.fileName;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
  return files.length;
}
