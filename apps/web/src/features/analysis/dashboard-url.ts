import { dashboardConfigEntry, type DashboardConfigEntry } from '@poselab/contract';
import { parseDecimal } from '../../i18n/numbers';

/** One trial selector of the data menu (SPEC §2): what it picked and how it may read it. */
export interface SelectorState {
  key: string;
  subjectId: string;
  sessionId: string;
  trialId: string;
  /** The subject's share token when the trial is read through a share link. */
  shareToken: string;
  /** Time offset (s) as typed; must be a number. */
  offsetText: string;
}

let seq = 0;
export function newSelector(from: Partial<SelectorState> = {}): SelectorState {
  return {
    key: `sel${++seq}`,
    subjectId: from.subjectId ?? '',
    sessionId: from.sessionId ?? '',
    trialId: from.trialId ?? '',
    shareToken: from.shareToken ?? '',
    offsetText: from.offsetText ?? '0',
  };
}

/** SPEC §9: offsets step by 0.01 and are rounded to 4 decimals; anything else is not a number. */
export function parseOffset(text: string): number | null {
  const v = parseDecimal(text);
  return v === null ? null : Math.round(v * 10000) / 10000;
}

const configList = dashboardConfigEntry.array().max(50);

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function fromBase64(b64: string): string {
  const bin = atob(b64);
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

/** SPEC §3: the config is a JSON list encoded as base64 (URLSearchParams URL-encodes it). */
export function encodeConfig(entries: DashboardConfigEntry[]): string {
  return toBase64(JSON.stringify(entries));
}

export function decodeConfig(value: string | null): DashboardConfigEntry[] | null {
  if (!value) return null;
  try {
    const parsed = configList.safeParse(JSON.parse(fromBase64(value)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The selectors a dashboard URL asks for: its config list, else its comma-separated trialId with the
 * subjectId and shareToken given beside them. Null when the URL names no trial.
 */
export function selectorsFromUrl(params: URLSearchParams): SelectorState[] | null {
  const config = decodeConfig(params.get('config'));
  if (config && config.length > 0) {
    return config.map((e) =>
      newSelector({
        trialId: e.trialId,
        subjectId: e.subjectId ?? '',
        sessionId: e.sessionId ?? '',
        shareToken: e.shareToken ?? '',
        offsetText: String(e.offset ?? 0),
      }),
    );
  }
  const ids = (params.get('trialId') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) return null;
  return ids.map((trialId) =>
    newSelector({
      trialId,
      subjectId: params.get('subjectId') ?? '',
      shareToken: params.get('shareToken') ?? '',
    }),
  );
}

/**
 * The query that shows these selectors. `withTokens` keeps share tokens in it: viewers who came through a
 * share link need them; the owner's own address bar never carries them (the Share dialog makes such links
 * on purpose).
 */
export function urlQueryOf(selectors: SelectorState[], withTokens: boolean): URLSearchParams {
  const entries: DashboardConfigEntry[] = selectors
    .filter((s) => s.trialId)
    .map((s) => ({
      trialId: s.trialId,
      subjectId: s.subjectId || null,
      sessionId: s.sessionId || null,
      shareToken: withTokens && s.shareToken ? s.shareToken : null,
      ...(parseOffset(s.offsetText) ? { offset: parseOffset(s.offsetText)! } : {}),
    }));
  const q = new URLSearchParams();
  if (entries.length === 0) return q;
  q.set('config', encodeConfig(entries));
  q.set('trialId', entries.map((e) => e.trialId).join(','));
  const subjects = [...new Set(entries.map((e) => e.subjectId).filter(Boolean))];
  if (subjects.length === 1) q.set('subjectId', subjects[0]!);
  const tokens = [...new Set(entries.map((e) => e.shareToken).filter(Boolean))];
  if (tokens.length === 1) q.set('shareToken', tokens[0]!);
  return q;
}
