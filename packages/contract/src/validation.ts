/** Shared validation rules and messages of SPEC §5. */
export const ALPHA_DASH_CUSTOM = /^[A-Za-z0-9_-]+$/;
export const MESSAGES = {
  noSpaces: 'Spaces not allowed',
  alphaDashCustom: 'Only alphanumeric, hyphen and underscore characters allowed.',
  uniqueTrialName: 'A trial with this name already exists in the session. Please choose a different name.',
  subjectMustAgree: 'The subject must agree to continue!',
  sessionNameHint: 'Only alphanumeric characters and underscores are allowed',
} as const;
