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
