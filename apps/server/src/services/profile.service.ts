import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES as M,
  userDoesNotExist,
  type OwnProfile,
  type UpdateProfileBody,
  type UserInfo,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import type { UserAuth } from '../http/auth';
import { badRequest, notFound } from '../http/http-error';
import { UserRepository, type UserRow } from '../repositories/user.repository';
import { mediaKeys } from '../storage/media-keys';
import { assertCurrentPassword, pendingEmail, requestEmailChange } from './email-change.service';
import type { ImageUpload } from './image-upload';

/** Profile pages, profile edits, picture and logo, account deletion (SPEC §2 Profile, §7). */

/** Stored names carry a random version ('profile-picture.<v>.png') so a new upload never hits a cached old one. */
function versionOf(key: string | null): string {
  return key?.split('/').pop()?.split('.').slice(-2, -1)[0] ?? 'default';
}

export function pictureUrl(user: UserRow): string {
  return `/api/users/${encodeURIComponent(user.username)}/picture?v=${versionOf(user.profile_picture_key)}`;
}

export function logoUrl(user: UserRow): string | null {
  return user.logo_key
    ? `/api/users/${encodeURIComponent(user.username)}/logo?v=${versionOf(user.logo_key)}`
    : null;
}

export function ownProfile(user: UserRow, pending: string | null = null): OwnProfile {
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    institution: user.institution,
    profession: user.profession,
    website: user.website,
    country: user.country,
    profile_picture: pictureUrl(user),
    unit: user.unit === 'imperial' ? 'imperial' : 'metric',
    is_own: true,
    user_id: user.id,
    email: user.email,
    reason: user.reason,
    language: user.language,
    newsletter: user.newsletter === 1,
    institutional_use: user.institutional_use,
    license_start_date: user.license_start_date,
    license_end_date: user.license_end_date,
    logo: logoUrl(user),
    pending_email: pending,
    show_email: user.show_email === 1,
    public_email: publicEmail(user),
  };
}

/** The e-mail others may see (the profile's Contact link): only when the user chose to show it. */
function publicEmail(user: UserRow): string | null {
  return user.show_email === 1 ? user.email : null;
}

/** Another user's profile: public fields only; the e-mail only when the user chose to show it. */
export async function userInfo(deps: AppDeps, viewer: UserAuth | null, username: string): Promise<UserInfo> {
  const user = await new UserRepository(deps.db).findByUsernameInsensitive(username);
  if (!user) throw notFound(userDoesNotExist(username));
  if (viewer?.user.id === user.id) return ownProfile(user, await pendingEmail(deps, user.id));
  return {
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    institution: user.institution,
    profession: user.profession,
    website: user.website,
    country: user.country,
    profile_picture: pictureUrl(user),
    unit: user.unit === 'imperial' ? 'imperial' : 'metric',
    is_own: false,
    public_email: publicEmail(user),
  };
}

/**
 * Profile edits. A new e-mail address needs the current password and is only requested here: it takes effect
 * when the link sent to it is opened (email-change.service.ts). The answer never says whether another
 * account uses that address.
 */
export async function updateProfile(
  deps: AppDeps,
  auth: UserAuth,
  body: UpdateProfileBody,
): Promise<OwnProfile> {
  const users = new UserRepository(deps.db);
  const email = body.email.trim().toLowerCase();
  const changingEmail = email !== auth.user.email;
  if (changingEmail) await assertCurrentPassword(deps, auth, body.current_password);
  await users.update(auth.user.id, {
    first_name: body.first_name,
    last_name: body.last_name,
    ...(body.institution !== undefined ? { institution: body.institution } : {}),
    ...(body.profession !== undefined ? { profession: body.profession } : {}),
    ...(body.reason !== undefined ? { reason: body.reason } : {}),
    ...(body.website !== undefined ? { website: body.website } : {}),
    ...(body.country !== undefined ? { country: body.country } : {}),
    ...(body.language !== undefined ? { language: body.language } : {}),
    ...(body.unit !== undefined ? { unit: body.unit } : {}),
    ...(body.newsletter !== undefined ? { newsletter: body.newsletter ? 1 : 0 } : {}),
    ...(body.show_email !== undefined ? { show_email: body.show_email ? 1 : 0 } : {}),
  });
  const fresh = (await users.findById(auth.user.id))!;
  if (changingEmail) await requestEmailChange(deps, fresh, email);
  return ownProfile(fresh, await pendingEmail(deps, fresh.id));
}

type ImageKind = 'picture' | 'logo';

/** Stores a new picture or logo under a fresh versioned key and removes the previous file. */
export async function replaceImage(
  deps: AppDeps,
  auth: UserAuth,
  kind: ImageKind,
  upload: ImageUpload,
): Promise<UserRow> {
  const version = randomBytes(6).toString('hex');
  const key =
    kind === 'picture'
      ? mediaKeys.profilePicture(auth.user.id, `${version}.${upload.ext}`)
      : mediaKeys.logo(auth.user.id, `${version}.${upload.ext}`);
  await deps.storage.put(key, upload.bytes, upload.mime);
  const users = new UserRepository(deps.db);
  const fresh = (await users.findById(auth.user.id))!;
  const old = kind === 'picture' ? fresh.profile_picture_key : fresh.logo_key;
  await users.update(auth.user.id, kind === 'picture' ? { profile_picture_key: key } : { logo_key: key });
  if (old && old !== key) await deps.storage.delete(old).catch(() => undefined);
  return (await users.findById(auth.user.id))!;
}

export async function removeLogo(deps: AppDeps, auth: UserAuth): Promise<void> {
  const users = new UserRepository(deps.db);
  const fresh = await users.findById(auth.user.id);
  if (fresh?.logo_key) {
    await users.update(auth.user.id, { logo_key: null });
    await deps.storage.delete(fresh.logo_key).catch(() => undefined);
  }
}

/** The stored image of a user (picture or logo), or null when there is none. */
export async function findImage(
  deps: AppDeps,
  username: string,
  kind: ImageKind,
): Promise<{ key: string } | null> {
  const user = await new UserRepository(deps.db).findByUsernameInsensitive(username);
  const key = kind === 'picture' ? user?.profile_picture_key : user?.logo_key;
  if (!key || !(await deps.storage.stat(key))) return null;
  return { key };
}

/**
 * Deletes the account: the typed username must match. Rows go in one transaction (sessions, subjects, and
 * through the cascades trials, videos, results, tokens...), then the media of each session and of the user.
 */
export async function deleteAccount(
  deps: AppDeps,
  auth: UserAuth,
  confirm: string,
): Promise<{ message: string }> {
  if (confirm.trim() !== auth.user.username) {
    throw badRequest(M.deleteConfirmMismatch, { confirm: [M.deleteConfirmMismatch] });
  }
  const users = new UserRepository(deps.db);
  const sessionIds = await users.sessionIds(auth.user.id);
  await users.deleteWithData(auth.user.id);
  for (const id of sessionIds) await deps.storage.deletePrefix(mediaKeys.session(id));
  await deps.storage.deletePrefix(mediaKeys.user(auth.user.id));
  return { message: M.accountDeleted };
}
