import { analysisResult, type AnalysisResult, type Trial } from '@poselab/contract';
import { metricsCsv } from '@poselab/analysis/browser';

/** The stored result of a function on a trial (the trial result tagged analysis_function_result:<id>). */
export async function fetchAnalysisResult(trial: Trial, resultTag: string): Promise<AnalysisResult> {
  const stored = trial.results.find((r) => r.tag === resultTag);
  if (!stored?.media) throw new Error(`Result with tag "${resultTag}" not found`);
  const res = await fetch(stored.media);
  if (!res.ok) throw new Error(`Result with tag "${resultTag}" not found`);
  return analysisResult.parse(await res.json());
}

/** Saves text as a file through a temporary link. */
export function saveText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadResultJson(trial: Trial, functionId: string, resultTag: string) {
  const result = await fetchAnalysisResult(trial, resultTag);
  saveText(JSON.stringify(result, null, 1), `${trial.name}_${functionId}.json`, 'application/json');
}

export async function downloadMetricsCsv(trial: Trial, functionId: string, resultTag: string, lang: string) {
  const result = await fetchAnalysisResult(trial, resultTag);
  saveText(metricsCsv(result, lang), `${trial.name}_${functionId}_metrics.csv`, 'text/csv;charset=utf-8');
}
