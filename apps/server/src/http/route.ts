import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointDef, HandlerResult, ParsedBody, ParsedParams, ParsedQuery } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { SECURITY_MESSAGES } from '@poselab/contract';
import { authenticate, type Auth, type DeviceAuth, type UserAuth, type WorkerAuth } from './auth';
import { badRequest } from './http-error';

type AuthFor<E extends EndpointDef> = E['auth'] extends 'user' | 'unverifiedUser'
  ? UserAuth
  : E['auth'] extends 'optionalUser'
    ? UserAuth | null
    : E['auth'] extends 'device'
      ? DeviceAuth
      : E['auth'] extends 'worker'
        ? WorkerAuth
        : null;

export interface RouteContext<E extends EndpointDef> {
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
  auth: AuthFor<E>;
  deps: AppDeps;
  req: FastifyRequest;
  reply: FastifyReply;
}

const callers = new WeakMap<FastifyRequest, Auth>();

/** True when a string anywhere in a parsed request holds a NUL character (PostgreSQL refuses them in text). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  // Parsed JSON, query and params only: a streamed body (a Readable, whose object graph reaches the whole
  // server) or a Buffer is not text to check.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * Registers one contract endpoint: the auth mode enforced as soon as the headers are in (before the body is
 * read: an unauthenticated upload is refused without taking its bytes), zod validation of params/query/body,
 * NUL characters refused everywhere, and the response validated against the contract. A handler returning
 * `undefined` after sending the reply itself (files, streams) is allowed.
 */
export function registerEndpoint<E extends EndpointDef>(
  app: FastifyInstance,
  deps: AppDeps,
  ep: E,
  handler: (ctx: RouteContext<E>) => Promise<HandlerResult<E> | FastifyReply | void>,
): void {
  app.route({
    method: ep.method,
    url: ep.path,
    schema: {
      summary: ep.summary,
      tags: [ep.tag],
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      ...(ep.body && !ep.multipart ? { body: ep.body } : {}),
      ...(ep.response ? { response: { 200: ep.response } } : {}),
    },
    onRequest: async (req, reply) => {
      try {
        callers.set(req, await authenticate(deps, req, ep.auth));
      } catch (err) {
        // The refused request's body is never read: close the connection instead of draining it.
        if (Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding']) {
          reply.header('connection', 'close');
        }
        throw err;
      }
    },
    preValidation: async (req) => {
      if (containsNul(req.params) || containsNul(req.query) || containsNul(req.body)) {
        throw badRequest(SECURITY_MESSAGES.textHasNul);
      }
    },
    handler: async (req, reply) => {
      const auth = callers.get(req) ?? null;
      const result = await handler({
        params: req.params as ParsedParams<E>,
        query: req.query as ParsedQuery<E>,
        body: req.body as ParsedBody<E>,
        auth: auth as AuthFor<E>,
        deps,
        req,
        reply,
      });
      if (reply.sent) return reply;
      return result;
    },
  });
}
