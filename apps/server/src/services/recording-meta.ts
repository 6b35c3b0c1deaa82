import type { SessionMeta } from '@poselab/contract';
import type { TrialRow } from '../repositories/trial.repository';

// Small readers of a session's and a trial's stored meta, shared by recording, uploads and the capture status.

export function parseMeta(text: string | null | undefined): SessionMeta {
  try {
    return text ? (JSON.parse(text) as SessionMeta) : {};
  } catch {
    return {};
  }
}

export function trialMeta(t: TrialRow): { devices?: string[]; error_msg?: string } & Record<string, unknown> {
  try {
    return JSON.parse(t.meta) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** 'Camera 2 (Pixel 7)': how the researcher's screen names a phone. */
export function phoneLabel(device: { name: string; model: string } | undefined, fallbackId: string): string {
  if (!device) return `phone ${fallbackId.slice(0, 8)}`;
  return device.model ? `${device.name} (${device.model})` : device.name;
}
