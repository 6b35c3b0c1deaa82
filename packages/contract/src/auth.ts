import { z } from 'zod';
import { endpoint } from './endpoint';
import { INTENDED_USES, PASSWORD_MIN_LENGTH } from './constants';
import { ACCOUNT_MESSAGES as M, USERNAME_PATTERN, websiteHref } from './account-messages';
import { whenMissing } from './field-messages';

/** SPEC §7 'Authentication and profile' calls (login, two-factor, registration, password reset, logout). */

export const unitSchema = z.enum(['metric', 'imperial']);
export type Unit = z.infer<typeof unitSchema>;
export const languageSchema = z.enum(['en', 'de']);
export const intendedUseSchema = z.enum(INTENDED_USES);

const required = (message: string) =>
  z
    .string({ error: whenMissing(message) })
    .trim()
    .min(1, message);

/** A profile's website: empty, or an http(s) address (never another scheme such as javascript:). */
export const websiteField = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || websiteHref(v) !== null, M.websiteInvalid);
const emailField = z
  .string({ error: whenMissing(M.emailRequired) })
  .trim()
  .min(1, M.emailRequired)
  .email(M.emailInvalid)
  .max(254, M.emailInvalid);

export const messageResponse = z.object({ message: z.string() });

export const loginResponse = z.object({
  token: z.string(),
  user_id: z.string(),
  username: z.string(),
  institutional_use: z.string().nullable(),
  license_start_date: z.string(),
  license_end_date: z.string(),
  /** false when a remembered device skipped the e-mailed code: the token is already verified. */
  otp_challenge_sent: z.boolean(),
  unit: unitSchema,
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const loginEndpoint = endpoint({
  method: 'POST',
  path: '/login/',
  summary:
    'Log in with username or e-mail and password; e-mails a 6-digit code unless the device is remembered',
  tag: 'auth',
  auth: 'public',
  body: z.object({
    username: required(M.loginUsernameRequired).max(254),
    password: z
      .string({ error: whenMissing(M.passwordRequired) })
      .min(1, M.passwordRequired)
      .max(1024),
    /** Secret kept by a browser whose device was remembered at verify (90 days). */
    remember_device_secret: z.string().max(200).optional(),
  }),
  response: loginResponse,
});

export const verifyResponse = z.object({
  otp_verified: z.literal(true),
  /** Issued when remember_device was asked: the browser sends it with later logins for 90 days. */
  remember_device_secret: z.string().optional(),
  remember_device_expires_at: z.string().optional(),
});

export const verifyEndpoint = endpoint({
  method: 'POST',
  path: '/verify/',
  summary: "Verify the login's e-mailed 6-digit code (at most 5 wrong tries per code, valid 10 minutes)",
  tag: 'auth',
  auth: 'unverifiedUser',
  body: z.object({
    otp_token: required(M.codeRequired).max(20),
    remember_device: z.boolean().optional(),
  }),
  response: verifyResponse,
});

export const checkOtpVerifiedEndpoint = endpoint({
  method: 'GET',
  path: '/check-otp-verified/',
  summary: "Whether this token's one-time code check is done",
  tag: 'auth',
  auth: 'unverifiedUser',
  response: z.object({ otp_verified: z.boolean() }),
});

export const resetOtpChallengeEndpoint = endpoint({
  method: 'POST',
  path: '/reset-otp-challenge/',
  summary: 'E-mail a new code (the current one is kept when it was sent less than a minute ago)',
  tag: 'auth',
  auth: 'unverifiedUser',
  response: z.object({ otp_challenge_sent: z.boolean(), otp_verified: z.boolean() }),
});

export const logoutEndpoint = endpoint({
  method: 'POST',
  path: '/logout/',
  summary: 'Revoke the calling token',
  tag: 'auth',
  auth: 'unverifiedUser',
  response: messageResponse,
});

export const registerBody = z.object({
  username: z
    .string({ error: whenMissing(M.usernameRequired) })
    .trim()
    .min(1, M.usernameRequired)
    .regex(USERNAME_PATTERN, M.usernameInvalid),
  email: emailField,
  password: z
    .string({ error: whenMissing(M.passwordRequired) })
    .min(1, M.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, M.passwordMin)
    .max(1024),
  first_name: required(M.firstNameRequired).max(150),
  last_name: required(M.lastNameRequired).max(150),
  institution: required(M.institutionRequired).max(300),
  profession: required(M.professionRequired).max(300),
  reason: required(M.reasonRequired).max(2000),
  website: websiteField.optional().default(''),
  country: z.string().trim().min(2).max(100).optional().default('US'),
  language: languageSchema.optional().default('en'),
  unit: unitSchema.optional().default('metric'),
  newsletter: z.boolean().optional().default(true),
  privacy_policy: z.literal(true, { error: M.privacyRequired }),
  licensing_agreement: z.literal(true, { error: M.licensingRequired }),
});
export type RegisterBody = z.input<typeof registerBody>;

export const registerEndpoint = endpoint({
  method: 'POST',
  path: '/register/',
  summary: 'Create an account with a 30-day trial license',
  tag: 'auth',
  auth: 'public',
  body: registerBody,
  response: z.object({ message: z.string(), username: z.string(), user_id: z.string() }),
});

export const resetPasswordEndpoint = endpoint({
  method: 'POST',
  path: '/reset-password/',
  summary: 'E-mail a single-use password reset link (same answer whether or not the e-mail exists)',
  tag: 'auth',
  auth: 'public',
  /** `host` is accepted for compatibility and ignored: links are built from the configured PUBLIC_URL. */
  body: z.object({ email: emailField, host: z.string().max(500).optional() }),
  response: messageResponse,
});

export const newPasswordEndpoint = endpoint({
  method: 'POST',
  path: '/new-password/',
  summary: 'Set a new password with the token of a reset link (single use, valid 1 hour)',
  tag: 'auth',
  auth: 'public',
  body: z.object({
    token: z.string().min(1).max(200),
    password: z
      .string({ error: whenMissing(M.passwordRequired) })
      .min(1, M.passwordRequired)
      .min(PASSWORD_MIN_LENGTH, M.passwordMin)
      .max(1024),
  }),
  response: messageResponse,
});

export const setInstitutionalUseEndpoint = endpoint({
  method: 'POST',
  path: '/set-institutional-use/',
  summary: 'Declare the intended use of the account',
  tag: 'auth',
  auth: 'user',
  body: z.object({ institutional_use: intendedUseSchema }),
  response: z.object({ institutional_use: intendedUseSchema }),
});
