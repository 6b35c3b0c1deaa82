import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  analysisResult,
  REPORT_FAILURE_MESSAGE,
  REPORT_RESULT_TAG,
  reportJobPayload,
  type AnalysisResult,
  type ReportJobSpec,
} from '@poselab/contract';
import { ProcessingError } from '../host';
import { writeReportPdf } from '../report/build-report';
import { mixesLegTypes } from '../report/leg-type';
import type { Processor } from '../runner';

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Users read SPEC's one failure message; the detail goes to the log and the report's row. */
const fail = (detail: string) => new ProcessingError(REPORT_FAILURE_MESSAGE, detail);

/**
 * A comparison report job: reads each chosen trial's analysis result, refuses to compare single-leg with
 * double-leg trials, writes the PDF (build-report.ts) and sends it up as the job's one result.
 */
export const processReport: Processor<ReportJobSpec> = async (ctx) => {
  const parsed = reportJobPayload.safeParse(ctx.spec.payload);
  if (!parsed.success) throw fail(`invalid report payload: ${parsed.error.message}`);
  const payload = parsed.data;
  const results: AnalysisResult[] = await ctx.step('inputs', 5, 'Reading the analysis results', async () => {
    const out: AnalysisResult[] = [];
    for (const t of payload.trials) {
      let json: unknown;
      try {
        json = JSON.parse(await readText(await ctx.openInput(t.input_id)));
      } catch (err) {
        if (err instanceof SyntaxError) throw fail(`result of ${t.trial_id} is not JSON`);
        throw err;
      }
      const r = analysisResult.safeParse(json);
      if (!r.success) throw fail(`result of ${t.trial_id} does not match the contract: ${r.error.message}`);
      if (r.data.function_id !== payload.function_id)
        throw fail(`result of ${t.trial_id} is of ${r.data.function_id}, not ${payload.function_id}`);
      out.push(r.data);
    }
    return out;
  });
  if (mixesLegTypes(results)) throw fail('single-leg and double-leg trials cannot be compared');
  const file = join(ctx.workDir, 'report.pdf');
  await ctx.step('pdf', 30, 'Writing the report', () =>
    writeReportPdf({ payload, results }, createWriteStream(file)),
  );
  await ctx.step('upload', 90, 'Storing the report', () =>
    ctx.putResult({
      tag: REPORT_RESULT_TAG,
      deviceId: null,
      meta: { trials: payload.trials.length, language: payload.language },
      fileName: 'report.pdf',
      filePath: file,
    }),
  );
  return { message: 'Report ready' };
};
