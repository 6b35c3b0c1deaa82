/**
 * Each video's recording start on one common clock (phones: the server's clock, which every phone tracks), as
 * the sync step takes them: seconds after the earliest start. Only differences matter, so any common origin
 * gives the same result. Shared by the worker (from the uploads' start_time_ms) and the CLI (from a
 * start-times.json beside the videos), so that both synchronise the same videos the same way.
 */
export function startTimesFromClocks(
  startTimesMs: ReadonlyArray<number | null | undefined>,
): number[] | undefined {
  if (startTimesMs.length === 0 || startTimesMs.some((v) => v == null || !Number.isFinite(v)))
    return undefined;
  const ms = startTimesMs as number[];
  const t0 = Math.min(...ms);
  return ms.map((v) => (v - t0) / 1000);
}
