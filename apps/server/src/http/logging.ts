import type { FastifyInstance, FastifyServerOptions } from 'fastify';

export type LogFormat = 'auto' | 'pretty' | 'json';

/**
 * The server's log: one line per request and readable text on a terminal (pino-pretty), JSON lines otherwise
 * (LOG_FORMAT=json or pretty overrides the choice), so log collectors get structured records.
 */
export function loggerOptions(
  level: string,
  format: LogFormat,
  isTTY = Boolean(process.stdout.isTTY),
): FastifyServerOptions['logger'] {
  const pretty = format === 'pretty' || (format === 'auto' && isTTY);
  if (!pretty) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: {
        colorize: isTTY,
        translateTime: 'SYS:HH:MM:ss',
        singleLine: true,
        // The request line says it all; its fields stay in the JSON format.
        ignore: 'pid,hostname,reqId,req,res,responseTime',
      },
    },
  };
}

/** One line per request ('GET /api/sessions/valid/ 200 3.1 ms') instead of Fastify's two. */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const line = `${req.method} ${req.url} ${status} ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
    const fields = {
      req: { method: req.method, url: req.url, ip: req.ip },
      res: { statusCode: status },
      responseTime: ms,
    };
    if (status >= 500) req.log.error(fields, line);
    else req.log.info(fields, line);
  });
}
