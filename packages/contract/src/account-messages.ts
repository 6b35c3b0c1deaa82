import { PASSWORD_MIN_LENGTH } from './constants';

/** Usernames appear in profile URLs (/profile/{username}/), so they keep to URL-safe characters. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,40}$/;

/**
 * Account validation messages and toasts (SPEC §5 rules, SPEC §8 toasts). Server and web use the same text so
 * that a 400 from the server reads the same as the form's own check.
 */
export const ACCOUNT_MESSAGES = {
  usernameRequired: 'Username is required.',
  usernameInvalid: 'Use 3 to 40 letters, digits, dots, hyphens or underscores.',
  usernameTaken: 'A user with that username already exists.',
  loginUsernameRequired: 'Username or email is required.',
  passwordRequired: 'Password is required.',
  passwordMin: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  confirmRequired: 'Please confirm the password.',
  confirmMismatch: 'Passwords do not match.',
  emailRequired: 'E-mail is required.',
  emailInvalid: 'Enter a valid e-mail address.',
  emailTaken: 'A user with that e-mail already exists.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  institutionRequired: 'Institution is required.',
  professionRequired: 'Profession is required.',
  reasonRequired: 'Reason is required.',
  privacyRequired: 'You must accept the privacy policy.',
  licensingRequired: 'You must accept the licensing agreement.',
  codeRequired: 'Code is required.',
  codeFormat: 'The code is the 6 digits from the e-mail.',
  codeWrong: 'Wrong code. Check the code in the e-mail and try again.',
  codeExpired: 'This code has expired. Go back to Login to get a new code.',
  codeTooManyTries: 'Too many wrong codes. Go back to Login to get a new code.',
  loginFailed: 'Unable to log in with the provided credentials.',
  deleteConfirmRequired: 'Type your username to confirm.',
  deleteConfirmMismatch: 'The username you typed does not match your username.',
  resetLinkInvalid: 'This password reset link is invalid, expired or already used. Ask for a new one.',
  imageOnly: 'Only image files (PNG, JPEG, GIF or WebP) are accepted.',
  imageTooLarge: 'The image is too large (5 MB at most).',
  // SPEC §8 toasts, word for word.
  userCreated: 'New user successfully created',
  recoveryEmailSent: 'Password recovery email sent.',
  recoveryEmailFailed: 'sending the password recovery email.',
  passwordChanged: 'Password changed successfully.',
  profileUpdated: 'Profile updated.',
  profilePictureUpdated: 'Profile picture updated.',
  logoUpdated: 'Logo image updated.',
  profileUpdateFailed: 'updating profile.',
  profilePictureFailed: 'updating profile picture.',
  logoFailed: 'updating logo.',
  logoRemoveFailed: 'removing logo.',
  profileUrlCopied: 'Profile URL copied to clipboard!',
  profileUrlCopyFailed: 'Error while copying profile URL to clipboard',
  userInfoFailed: 'Error retrieving user info.',
  accountDeleted: 'Your account and all your data have been deleted.',
  websiteInvalid: 'Enter a web address such as https://example.org.',
  recoveryEmailAnswer:
    'If an account with this e-mail exists, a password recovery link has been sent to it. The link is valid for 1 hour.',
} as const;

/** SPEC §8 profile lookup 404. */
export function userDoesNotExist(name: string): string {
  return `The user "${name}" does not exist.`;
}

const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * The link a profile's website opens, or null when it is not a plain http(s) address with a dotted host name:
 * 'javascript:alert(1)' is never a link (nor 'https://javascript:alert(1)'). 'example.org' gets https://.
 */
export function websiteHref(website: string): string | null {
  const v = website.trim();
  if (!v || /\s/.test(v)) return null;
  const withScheme = /^https?:\/\//i.test(v) ? v : OTHER_SCHEME.test(v) ? null : `https://${v}`;
  if (!withScheme) return null;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname) || url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}
