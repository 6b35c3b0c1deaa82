import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointDef, HandlerResult, ParsedBody, ParsedParams, ParsedQuery } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { authenticate, type Auth, type DeviceAuth, type UserAuth, type WorkerAuth } from './auth';

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

/**
 * Registers one contract endpoint: zod validation of params/query/body, the auth mode enforced before the
 * handler, and the response validated against the contract. A handler returning `undefined` after sending
 * the reply itself (files, streams) is allowed.
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
    handler: async (req, reply) => {
      const auth: Auth = await authenticate(deps, req, ep.auth);
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
