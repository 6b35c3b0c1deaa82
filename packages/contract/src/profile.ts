import { z } from 'zod';
import { endpoint } from './endpoint';
import { ACCOUNT_MESSAGES as M } from './account-messages';
import { languageSchema, messageResponse, unitSchema, websiteField } from './auth';
import { whenMissing } from './field-messages';

/** SPEC §7 profile calls: user info, profile edit, picture, logo (app configuration), account deletion. */

/** Fields anyone may see on a profile page (the e-mail only when its owner chose to show it). */
export const publicProfile = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  institution: z.string(),
  profession: z.string(),
  website: z.string(),
  country: z.string(),
  /** URL of the picture; a default picture when none was uploaded. */
  profile_picture: z.string(),
  unit: unitSchema,
  /** True when the caller is this user: the full profile fields below are present. */
  is_own: z.boolean(),
  /** The e-mail for the profile's Contact link, when the user chose to show it (issue #20); else null. */
  public_email: z.string().nullable(),
});

export const ownProfile = publicProfile.extend({
  user_id: z.string(),
  email: z.string(),
  reason: z.string(),
  language: z.string(),
  newsletter: z.boolean(),
  institutional_use: z.string().nullable(),
  license_start_date: z.string(),
  license_end_date: z.string(),
  logo: z.string().nullable(),
  /** A new e-mail address waiting for its confirmation link (the e-mail above stays until then). */
  pending_email: z.string().nullable().optional(),
  /** Whether other users see the e-mail (a Contact link) on the profile page. */
  show_email: z.boolean(),
});
export type OwnProfile = z.infer<typeof ownProfile>;

export const userInfo = z.union([ownProfile, publicProfile]);
export type UserInfo = z.infer<typeof userInfo>;

export const getUserInfoEndpoint = endpoint({
  method: 'POST',
  path: '/get_user_info/',
  summary: "A user's profile: every field for oneself, public fields only for others",
  tag: 'profile',
  auth: 'optionalUser',
  body: z.object({ username: z.string().trim().min(1).max(254) }),
  response: userInfo,
});

export const updateProfileBody = z.object({
  first_name: z
    .string({ error: whenMissing(M.firstNameRequired) })
    .trim()
    .min(1, M.firstNameRequired)
    .max(150),
  last_name: z
    .string({ error: whenMissing(M.lastNameRequired) })
    .trim()
    .min(1, M.lastNameRequired)
    .max(150),
  email: z
    .string({ error: whenMissing(M.emailRequired) })
    .trim()
    .min(1, M.emailRequired)
    .email(M.emailInvalid)
    .max(254, M.emailInvalid),
  institution: z.string().trim().max(300).optional(),
  profession: z.string().trim().max(300).optional(),
  reason: z.string().trim().max(2000).optional(),
  website: websiteField.optional(),
  country: z.string().trim().min(2).max(100).optional(),
  language: languageSchema.optional(),
  unit: unitSchema.optional(),
  newsletter: z.boolean().optional(),
  /** Required when `email` differs from the current address: a token alone cannot move the account. */
  current_password: z.string().max(1024).optional(),
  show_email: z.boolean().optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const updateProfileEndpoint = endpoint({
  method: 'POST',
  path: '/update_profile/',
  summary: "Edit one's own profile (username is read-only)",
  tag: 'profile',
  auth: 'user',
  body: updateProfileBody,
  response: ownProfile,
});

export const updateProfilePictureEndpoint = endpoint({
  method: 'POST',
  path: '/update_profile_picture/',
  summary: 'Upload a profile picture (multipart: username, profile_picture; images only, 5 MB at most)',
  tag: 'profile',
  auth: 'user',
  multipart: true,
  response: z.object({ profile_picture: z.string() }),
});

export const getAppConfigurationEndpoint = endpoint({
  method: 'GET',
  path: '/app-configuration/',
  summary: "The signed-in user's custom logo",
  tag: 'profile',
  auth: 'user',
  response: z.object({ logo: z.string().nullable() }),
});

export const setAppConfigurationEndpoint = endpoint({
  method: 'POST',
  path: '/app-configuration/',
  summary: 'Upload a custom logo (multipart: logo; images only, 5 MB at most)',
  tag: 'profile',
  auth: 'user',
  multipart: true,
  response: z.object({ logo: z.string().nullable() }),
});

export const removeLogoEndpoint = endpoint({
  method: 'POST',
  path: '/remove-logo/',
  summary: 'Remove the custom logo',
  tag: 'profile',
  auth: 'user',
  response: z.object({ logo: z.null() }),
});

export const deleteAccountEndpoint = endpoint({
  method: 'POST',
  path: '/delete-account/',
  summary: 'Delete the account with its sessions, subjects, trials and media (confirm = username)',
  tag: 'profile',
  auth: 'user',
  body: z.object({
    confirm: z
      .string({ error: whenMissing(M.deleteConfirmRequired) })
      .trim()
      .min(1, M.deleteConfirmRequired),
  }),
  response: messageResponse,
});

export const userPictureEndpoint = endpoint({
  method: 'GET',
  path: '/users/:username/picture',
  summary: "A user's profile picture, or the default picture",
  tag: 'profile',
  auth: 'public',
  params: z.object({ username: z.string().min(1).max(254) }),
});

export const userLogoEndpoint = endpoint({
  method: 'GET',
  path: '/users/:username/logo',
  summary: "A user's custom logo",
  tag: 'profile',
  auth: 'public',
  params: z.object({ username: z.string().min(1).max(254) }),
});
