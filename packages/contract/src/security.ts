import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Account security (issue #19): the messages of the e-mail change, its confirmation call, and the upload
 * refusals a phone may see. Server and web use the same text.
 */
export const SECURITY_MESSAGES = {
  currentPasswordRequired: 'Enter your current password to change the e-mail address.',
  currentPasswordWrong: 'The current password is not correct.',
  emailChangeSent:
    'We sent a confirmation link to the new address. Your e-mail address changes when you open it.',
  emailChangeLinkInvalid: 'This confirmation link is invalid, expired or already used.',
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
  textHasNul: 'Text must not contain NUL characters.',
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
} as const;

/** Hours the e-mail change link stays valid. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

export const confirmEmailChangeEndpoint = endpoint({
  method: 'POST',
  path: '/confirm-email-change/',
  summary: 'Confirm an e-mail change with the token from the link sent to the new address',
  tag: 'profile',
  auth: 'public',
  body: z.object({ token: z.string().min(1).max(200) }),
  response: z.object({ message: z.string(), email: z.string() }),
});

/** Codes of trial errors stored by the upload checks (meta.error_code, with meta.error_params). */
export const UPLOAD_ERROR_CODES = {
  abandoned: 'upload_abandoned',
  unreadable: 'video_unreadable',
} as const;

/** Hours an upload may wait for its next byte before its trial fails and its bytes are removed. */
export const ABANDONED_UPLOAD_HOURS = 24;

/** Answers and stored errors of the phone uploads. */
export const UPLOAD_MESSAGES = {
  notThisType: (container: string) =>
    `The file is not a ${container.toUpperCase()} video as announced. Only MP4 and WebM recordings are accepted.`,
  unreadable: (phone: string) => `The video from ${phone} could not be read. Please record the trial again.`,
  abandoned: (phones: string, hours = ABANDONED_UPLOAD_HOURS) =>
    `No video arrived from ${phones} within ${hours} hours. Please record the trial again.`,
  writerBusy: 'Another chunk of this upload is being written right now. Ask where to resume and try again.',
  quotaFull: (usedGb: string, quotaGb: string) =>
    `Your storage is full: ${usedGb} GB of ${quotaGb} GB are used. Delete sessions permanently (Recycle Bin) to make room, or ask the administrator for a larger quota.`,
  trialClosed: 'This trial no longer takes videos.',
} as const;
