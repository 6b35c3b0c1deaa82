import {
  buildPath,
  NETWORK_ERROR_MESSAGE,
  type EndpointBody,
  type EndpointDef,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@poselab/contract';
import { authStore } from '../auth/auth-store';
import { i18n } from '../i18n';
import { ApiError } from './api-error';

export const API_BASE = '/api';

type CallArgs<E extends EndpointDef> = {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E> | FormData;
  signal?: AbortSignal;
};

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** Builds a message from an error body's fields (SPEC §8), e.g. { detail } or { field: [msg] }. */
function messageFromBody(body: Record<string, unknown>, status: number): string {
  if (typeof body.message === 'string') return body.message;
  if (typeof body.detail === 'string') return body.detail;
  const parts = Object.entries(body).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(' ') : String(v)}`);
  return parts.length ? parts.join('\n') : i18n.t('errors.requestFailed', { status });
}

/** Calls one contract endpoint with the stored token ('Token {token}'); throws ApiError on failure. */
export async function apiCall<E extends EndpointDef>(
  ep: E,
  args: CallArgs<E> = {},
): Promise<EndpointResponse<E>> {
  const url = `${API_BASE}${buildPath(ep.path, args.params as Record<string, string> | undefined)}${queryString(args.query)}`;
  const headers: Record<string, string> = {};
  const token = authStore.get().token;
  if (token) headers.Authorization = `Token ${token}`;
  let body: BodyInit | undefined;
  if (args.body instanceof FormData) body = args.body;
  else if (args.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(args.body);
  } else if (ep.method !== 'GET' && ep.method !== 'DELETE') {
    headers['Content-Type'] = 'application/json';
    body = '{}';
  }
  let res: Response;
  try {
    res = await fetch(url, { method: ep.method, headers, body, signal: args.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!res.ok) {
    const bodyObj = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    throw new ApiError(
      res.status,
      typeof parsed === 'string' && parsed ? parsed : messageFromBody(bodyObj, res.status),
      bodyObj,
    );
  }
  return parsed as EndpointResponse<E>;
}
