import { z } from 'zod';
import {
  ACCOUNT_MESSAGES as M,
  PASSWORD_MIN_LENGTH,
  USERNAME_PATTERN,
  registerBody,
  websiteField,
} from '@poselab/contract';

/** SPEC §5 Register rules with the same messages the server answers. */
export const registerFormSchema = z
  .object({
    username: z.string().trim().min(1, M.usernameRequired).regex(USERNAME_PATTERN, M.usernameInvalid),
    first_name: registerBody.shape.first_name,
    last_name: registerBody.shape.last_name,
    email: z.string().trim().min(1, M.emailRequired).email(M.emailInvalid),
    password: z.string().min(1, M.passwordRequired).min(PASSWORD_MIN_LENGTH, M.passwordMin),
    confirm: z.string().min(1, M.confirmRequired),
    // The API's own rules (required, and a length error named as one: issue #29).
    institution: registerBody.shape.institution,
    profession: registerBody.shape.profession,
    reason: registerBody.shape.reason,
    website: websiteField,
    country: z.string().min(2),
    language: z.enum(['en', 'de']),
    unit: z.enum(['metric', 'imperial']),
    newsletter: z.boolean(),
    privacy_policy: z.boolean().refine((v) => v, M.privacyRequired),
    licensing_agreement: z.boolean().refine((v) => v, M.licensingRequired),
  })
  .refine((v) => !v.confirm || v.password === v.confirm, { path: ['confirm'], message: M.confirmMismatch });

export type RegisterForm = z.infer<typeof registerFormSchema>;

export const REGISTER_DEFAULTS: RegisterForm = {
  username: '',
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  confirm: '',
  institution: '',
  profession: '',
  reason: '',
  website: '',
  country: 'US',
  language: 'en',
  unit: 'metric',
  newsletter: true,
  privacy_policy: false,
  licensing_agreement: false,
};
