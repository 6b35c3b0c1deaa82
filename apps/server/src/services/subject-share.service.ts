import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../deps';
import { notFound } from '../http/http-error';
import { SubjectRepository } from '../repositories/subject.repository';

/** 128 random bits, hex: what a new subject gets too (subject.service). */
export function newShareToken(): string {
  return randomBytes(16).toString('hex');
}

/**
 * Replaces the subject's share token (SPEC §6 'revocable'): links and media URLs carrying the old token answer
 * 404 from now on. Only the owner may; anyone else gets the 404 of a missing subject.
 */
export async function renewShareToken(
  deps: AppDeps,
  userId: string,
  subjectId: string,
): Promise<{ id: string; share_token: string }> {
  const repo = new SubjectRepository(deps.db);
  if (!(await repo.findOwned(subjectId, userId))) throw notFound();
  const token = newShareToken();
  await repo.update(subjectId, { share_token: token, updated_at: deps.clock.now().toISOString() });
  return { id: subjectId, share_token: token };
}
