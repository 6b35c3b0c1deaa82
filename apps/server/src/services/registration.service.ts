import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES as M, TRIAL_LICENSE_DAYS, type registerBody } from '@poselab/contract';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { badRequest } from '../http/http-error';
import { UserRepository } from '../repositories/user.repository';
import { hashPassword } from './password';
import { RATE_RULES, rateLimiter } from './rate-limit';
import { sendSecurityMail } from './security-mail';

type RegisterInput = z.output<typeof registerBody>;

const DAY_MS = 86_400_000;

type RegisterAnswer = { message: string; username: string; user_id: string };

/**
 * SPEC §5 registration: a 30-day trial license from today; intended use stays empty until declared.
 * Limited per client address. The answer never says whether an e-mail address has an account: for an
 * address in use it reads like a success, and the address's owner gets a notice instead (usernames are
 * public anyway: they name profile pages).
 */
export async function register(deps: AppDeps, input: RegisterInput, ip: string): Promise<RegisterAnswer> {
  await rateLimiter(deps).take(RATE_RULES.registerIp, ip);
  const users = new UserRepository(deps.db);
  const email = input.email.toLowerCase();
  if (await users.findByUsernameInsensitive(input.username)) {
    throw badRequest(M.usernameTaken, { username: [M.usernameTaken] });
  }
  // Hashed either way, so the answer takes as long for an address in use as for a new one.
  const passwordHash = await hashPassword(input.password);
  const owner = await users.findByEmail(email);
  if (owner) return answerForAddressInUse(deps, input, owner);
  const now = deps.clock.now();
  const id = randomUUID();
  try {
    await users.insert({
      id,
      username: input.username,
      email,
      password_hash: passwordHash,
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
    // Two registrations racing: the unique indexes decide, and an e-mail taken meanwhile stays unsaid.
    if (!/unique|duplicate/i.test(String(err))) throw err;
    const racedOwner = await users.findByEmail(email);
    if (racedOwner) return answerForAddressInUse(deps, input, racedOwner);
    throw badRequest(M.usernameTaken, { username: [M.usernameTaken] });
  }
  return { message: M.userCreated, username: input.username, user_id: id };
}

async function answerForAddressInUse(
  deps: AppDeps,
  input: RegisterInput,
  owner: Parameters<typeof sendSecurityMail>[2],
): Promise<RegisterAnswer> {
  await sendSecurityMail(deps, 'registerAttempt', owner, {
    link: `${deps.config.publicUrl}/reset-password`,
  });
  return { message: M.userCreated, username: input.username, user_id: randomUUID() };
}
