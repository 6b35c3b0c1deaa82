import { useQuery } from '@tanstack/react-query';
import {
  cancelTrialEndpoint,
  getQrEndpoint,
  nCalibratedCamerasEndpoint,
  newSessionEndpoint,
  recordEndpoint,
  sessionSettingsEndpoint,
  setMetadataEndpoint,
  setSubjectEndpoint,
  statusEndpoint,
  stopEndpoint,
  type EndpointQuery,
  type EndpointResponse,
} from '@poselab/contract';
import { apiCall } from '../../api/client';
import { i18n } from '../../i18n';

export type CaptureStatusReply = EndpointResponse<typeof statusEndpoint>;

/** Calls of the recording flow (SPEC §7 'Setting up and recording'). */
export const captureApi = {
  newSession: () => apiCall(newSessionEndpoint),
  setMetadata: (id: string, query: EndpointQuery<typeof setMetadataEndpoint>) =>
    apiCall(setMetadataEndpoint, { params: { id }, query }),
  setSubject: (id: string, subjectId: string) =>
    apiCall(setSubjectEndpoint, { params: { id }, query: { subject_id: subjectId } }),
  record: (id: string, query: EndpointQuery<typeof recordEndpoint>) =>
    apiCall(recordEndpoint, { params: { id }, query }),
  stop: (id: string) => apiCall(stopEndpoint, { params: { id } }),
  cancel: (id: string) => apiCall(cancelTrialEndpoint, { params: { id } }),
  status: (id: string, trialId?: string, withSession = false) =>
    apiCall(statusEndpoint, {
      params: { id },
      query: {
        ...(trialId ? { trial_id: trialId } : {}),
        ...(withSession ? { ret_session: 'true' as const } : {}),
      },
    }),
  nCalibrated: (id: string) => apiCall(nCalibratedCamerasEndpoint, { params: { id } }),
};

/** Live status of a session's phones and latest (or given) trial, polled every `intervalMs`. */
export function useCaptureStatus(
  sessionId: string | undefined,
  intervalMs: number | false,
  trialId?: string,
) {
  return useQuery({
    queryKey: ['capture-status', sessionId ?? '', trialId ?? ''],
    queryFn: () => captureApi.status(sessionId!, trialId),
    enabled: Boolean(sessionId),
    refetchInterval: intervalMs,
  });
}

export function useQr(sessionId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: ['capture-qr', sessionId ?? ''],
    queryFn: () => apiCall(getQrEndpoint, { params: { id: sessionId! } }),
    enabled: Boolean(sessionId) && enabled,
    staleTime: Infinity,
  });
}

export function useSessionFramerates(sessionId: string | undefined) {
  return useQuery({
    queryKey: ['capture-framerates', sessionId ?? ''],
    queryFn: () => apiCall(sessionSettingsEndpoint, { params: { id: sessionId! } }),
    enabled: Boolean(sessionId),
  });
}

export function useCalibratedCameras(sessionId: string | undefined) {
  return useQuery({
    queryKey: ['capture-calibrated', sessionId ?? ''],
    queryFn: () => captureApi.nCalibrated(sessionId!),
    enabled: Boolean(sessionId),
  });
}

/** mm:ss of elapsed seconds. */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

export type CaptionKey =
  | 'calibrate'
  | 'recording'
  | 'uploading'
  | 'queueing'
  | 'processing'
  | 'confirm'
  | 'rerecord'
  | 'record'
  | 'done';

/** Which caption the Calibration page's main button shows for a polled status (SPEC §2 and §4). */
export function calibrationCaptionKey(status: string | null, busy: boolean): CaptionKey {
  switch (status) {
    case 'recording':
      return 'recording';
    case 'uploading':
      return 'uploading';
    case 'stopped':
      return 'queueing';
    case 'processing':
    case 'reprocess':
      return 'processing';
    case 'done':
      return 'confirm';
    case 'error':
      return 'rerecord';
    default:
      return busy ? 'recording' : 'calibrate';
  }
}

/** The caption itself, in the UI language. */
export function calibrationCaption(status: string | null, busy: boolean): string {
  return i18n.t(`wizard:captions.${calibrationCaptionKey(status, busy)}`);
}

/**
 * A paired phone's name as the user saw it when pairing: the server names phones 'Camera N' in pairing
 * order; shown in the UI language.
 */
export function deviceName(name: string): string {
  const m = /^Camera (\d+)$/.exec(name);
  return m ? i18n.t('wizard:camera', { n: Number(m[1]) }) : name;
}
