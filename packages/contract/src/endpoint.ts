import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint:
 * - public: anyone;
 * - optionalUser: anyone, with the user resolved when a valid token is sent (public sessions, profiles);
 * - unverifiedUser: a valid token whose e-mailed code may still be pending (verify, re-send, check, logout);
 * - user: a valid, verified token;
 * - device: a paired phone's device token;
 * - worker: a processing worker's token.
 */
export type AuthMode = 'public' | 'optionalUser' | 'unverifiedUser' | 'user' | 'device' | 'worker';

export interface EndpointDef {
  method: HttpMethod;
  /** Path under /api, with Fastify-style parameters, e.g. '/sessions/:id/'. */
  path: string;
  summary: string;
  tag: string;
  auth: AuthMode;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Response body of a 200 answer. Omit for binary or streamed answers. */
  response?: z.ZodType;
  /** True for multipart uploads (body validated by the handler). */
  multipart?: boolean;
}

/** Declares one API call; the same object drives server validation, OpenAPI and the typed web client. */
export function endpoint<const T extends EndpointDef>(def: T): T {
  return def;
}

type Infer<S, Mode extends 'in' | 'out'> = S extends z.ZodType
  ? Mode extends 'in'
    ? z.input<S>
    : z.output<S>
  : undefined;

export type EndpointParams<E extends EndpointDef> = Infer<E['params'], 'in'>;
export type EndpointQuery<E extends EndpointDef> = Infer<E['query'], 'in'>;
export type EndpointBody<E extends EndpointDef> = Infer<E['body'], 'in'>;
export type EndpointResponse<E extends EndpointDef> = Infer<E['response'], 'out'>;

/** Parsed (server-side) shapes. */
export type ParsedParams<E extends EndpointDef> = Infer<E['params'], 'out'>;
export type ParsedQuery<E extends EndpointDef> = Infer<E['query'], 'out'>;
export type ParsedBody<E extends EndpointDef> = Infer<E['body'], 'out'>;
/** What a handler returns before serialisation. */
export type HandlerResult<E extends EndpointDef> = Infer<E['response'], 'in'>;

/** Substitutes ':name' parameters in a path. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(v));
  });
}
