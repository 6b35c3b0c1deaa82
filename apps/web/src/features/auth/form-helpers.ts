import type { FieldErrors, FieldValues, UseFormSetError, Path } from 'react-hook-form';
import { ApiError, errorText } from '../../api/api-error';
import { localizeMessage } from '../../i18n/contract-messages';
import { i18n } from '../../i18n';

/** SPEC §5: submit buttons are disabled while loading, or after a submit attempt while the form is invalid. */
export function submitDisabled(loading: boolean, isSubmitted: boolean, errors: FieldErrors): boolean {
  return loading || (isSubmitted && Object.keys(errors).length > 0);
}

/** Toast text for a failed action with SPEC §8's failure context, e.g. 'updating profile.'. */
export function failureText(context: string, err: unknown): string {
  return i18n.t('errors.failure', { context: localizeMessage(context), detail: errorText(err) }).trim();
}

/** Puts a 400's field errors under the form's fields; answers whether any field matched. */
export function applyFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(err instanceof ApiError) || err.status !== 400) return false;
  let matched = false;
  for (const [field, messages] of Object.entries(err.fieldErrors)) {
    if (fields.includes(field) && messages[0]) {
      setError(field as Path<T>, { type: 'server', message: messages[0] });
      matched = true;
    }
  }
  return matched;
}
