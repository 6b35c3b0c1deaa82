/** Shared validation rules and messages of SPEC §5. */
export const ALPHA_DASH_CUSTOM = /^[A-Za-z0-9_-]+$/;
export const MESSAGES = {
  noSpaces: 'Spaces not allowed',
  alphaDashCustom: 'Only alphanumeric, hyphen and underscore characters allowed.',
  uniqueTrialName: 'A trial with this name already exists in the session. Please choose a different name.',
  subjectMustAgree: 'The subject must agree to continue!',
  sessionNameHint: 'Only alphanumeric characters and underscores are allowed',
  sessionNameRequired: 'The session name is required.',
  sessionNameTooLong: 'The session name must be at most 100 characters.',
  comparisonNeedsTwo: 'A comparison needs at least 2 trials.',
  comparisonTooMany: 'A report compares at most 24 trials.',
  trialChosenOnce: 'A trial may be chosen only once.',
} as const;
