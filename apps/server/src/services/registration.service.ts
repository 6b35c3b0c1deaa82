import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES as M, TRIAL_LICENSE_DAYS, type registerBody } from '@poselab/contract';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { badRequest } from '../http/http-error';
import { UserRepository } from '../repositories/user.repository';
import { hashPassword } from './password';

type RegisterInput = z.output<typeof registerBody>;

const DAY_MS = 86_400_000;

/** SPEC §5 registration: a 30-day trial license from today; intended use stays empty until declared. */
export async function register(
  deps: AppDeps,
  input: RegisterInput,
): Promise<{ message: string; username: string; user_id: string }> {
  const users = new UserRepository(deps.db);
  const email = input.email.toLowerCase();
  const errors: Record<string, string[]> = {};
  if (await users.findByUsernameInsensitive(input.username)) errors.username = [M.usernameTaken];
  if (await users.findByEmail(email)) errors.email = [M.emailTaken];
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0][0], errors);
  const now = deps.clock.now();
  const id = randomUUID();
  try {
    await users.insert({
      id,
      username: input.username,
      email,
      password_hash: await hashPassword(input.password),
      first_name: input.first_name,
      last_name: input.last_name,
      institution: input.institution,
      profession: input.profession,
      reason: input.reason,
      website: input.website,
      country: input.country,
      language: input.language,
      unit: input.unit,
      newsletter: input.newsletter ? 1 : 0,
      institutional_use: null,
      license_start_date: now.toISOString().slice(0, 10),
      license_end_date: new Date(now.getTime() + TRIAL_LICENSE_DAYS * DAY_MS).toISOString().slice(0, 10),
      profile_picture_key: null,
      logo_key: null,
      created_at: now.toISOString(),
    });
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    if (/unique|duplicate/i.test(String(err)))
      throw badRequest(M.usernameTaken, { username: [M.usernameTaken] });
    throw err;
  }
  return { message: M.userCreated, username: input.username, user_id: id };
}
