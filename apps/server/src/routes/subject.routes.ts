import type { FastifyInstance } from 'fastify';
import {
  createSubjectEndpoint,
  listSubjectsEndpoint,
  permanentRemoveSubjectEndpoint,
  restoreSubjectEndpoint,
  subjectTagsEndpoint,
  trashSubjectEndpoint,
  updateSubjectEndpoint,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { registerEndpoint } from '../http/route';
import { SubjectService } from '../services/subject.service';

/** SPEC §7 subject calls and the subject tag list. */
export function subjectRoutes(app: FastifyInstance, deps: AppDeps): void {
  const subjects = new SubjectService(deps);
  registerEndpoint(app, deps, listSubjectsEndpoint, ({ query, auth }) => subjects.list(auth.user, query));
  registerEndpoint(app, deps, createSubjectEndpoint, ({ body, auth }) => subjects.create(auth.user, body));
  registerEndpoint(app, deps, updateSubjectEndpoint, ({ params, body, auth }) =>
    subjects.update(auth.user, params.id, body),
  );
  registerEndpoint(app, deps, trashSubjectEndpoint, ({ params, auth }) =>
    subjects.trash(auth.user.id, params.id),
  );
  registerEndpoint(app, deps, restoreSubjectEndpoint, ({ params, auth }) =>
    subjects.restore(auth.user.id, params.id),
  );
  registerEndpoint(app, deps, permanentRemoveSubjectEndpoint, ({ params, auth }) =>
    subjects.remove(auth.user.id, params.id),
  );
  registerEndpoint(app, deps, subjectTagsEndpoint, ({ params, auth }) =>
    subjects.tags(auth.user.id, params.id),
  );
}
