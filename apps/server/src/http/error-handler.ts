import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { VALIDATION_MESSAGES, apiValidationMessage, type ErrorBody } from '@poselab/contract';
import { HttpError } from './http-error';

/** Answers every error with the one error body shape: { message, errors? }. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = { message: error.message };
      if (error.fieldErrors) body.errors = error.fieldErrors;
      if (error.retryAfterSec !== undefined) {
        body.retry_after = error.retryAfterSec;
        reply.header('retry-after', String(error.retryAfterSec));
      }
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const field =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String(v.params?.missingProperty ?? '') ||
          'non_field_errors';
        (errors[field] ??= []).push(v.message ?? VALIDATION_MESSAGES.invalid);
      }
      // The contract's messages only (its own or VALIDATION_MESSAGES, never zod's English): the web app renders
      // them in the user's language. A field-less one gets the field's name (issue #29).
      const first = Object.entries(errors)[0];
      const message = first ? apiValidationMessage(first[0], first[1][0]) : VALIDATION_MESSAGES.invalid;
      return reply.status(400).send({ message, errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response does not match its contract schema');
      return reply.status(500).send({ message: 'Internal server error.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ message: 'Internal server error.' });
    }
    return reply.status(status).send({ message: error.message });
  });
}
