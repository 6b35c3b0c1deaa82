import { processingWarning, trialQuality, type ProcessingWarning, type TrialMeta } from '@poselab/contract';

/** Code of warnings stored as plain text by workers from before coded warnings (rendered by their message). */
export const UNCODED_WARNING = 'uncoded';

/** One stored warning as the API shows it: coded ones as they are, plain text wrapped, anything else dropped. */
function warningDto(raw: unknown): ProcessingWarning | null {
  if (typeof raw === 'string')
    return raw.trim() ? { code: UNCODED_WARNING, params: {}, message: raw.slice(0, 1000) } : null;
  const parsed = processingWarning.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * A trial's stored meta as the API shows it (contract `trialMeta`): quality figures that do not match the
 * contract are left out rather than failing the whole trial list, and warnings are always coded.
 */
export function trialMetaDto(text: string | null): TrialMeta {
  let meta: Record<string, unknown> = {};
  try {
    const v: unknown = text ? JSON.parse(text) : {};
    if (v && typeof v === 'object' && !Array.isArray(v)) meta = { ...(v as Record<string, unknown>) };
  } catch {
    return {};
  }
  if (typeof meta.error_msg !== 'string') delete meta.error_msg;
  if ('quality' in meta) {
    const q = trialQuality.safeParse(meta.quality);
    if (q.success) meta.quality = q.data;
    else delete meta.quality;
  }
  if ('warnings' in meta) {
    const list = Array.isArray(meta.warnings) ? meta.warnings : [];
    meta.warnings = list.map(warningDto).filter((w): w is ProcessingWarning => w !== null);
  }
  return meta as TrialMeta;
}
