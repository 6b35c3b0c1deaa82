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

/** Caption of the Calibration page's main button for a polled status (SPEC §2 and §4). */
export function calibrationCaption(status: string | null, busy: boolean): string {
  switch (status) {
    case 'recording':
      return 'Recording';
    case 'uploading':
      return 'Uploading';
    case 'stopped':
      return 'Queueing';
    case 'processing':
    case 'reprocess':
      return 'Processing';
    case 'done':
      return 'Confirm';
    case 'error':
      return 'Re-record';
    default:
      return busy ? 'Recording' : 'Calibrate';
  }
}
