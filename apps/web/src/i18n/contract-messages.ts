import { useTranslation } from 'react-i18next';
import { englishResources } from './catalogs';
import { createMessageMatcher, localizeWith, type MessageMatch } from './contract-matcher';
import { i18n } from './index';

/**
 * Texts defined in packages/contract (validation rules, SPEC §8 messages) are English there, because the API
 * answers with them. The web app shows them in the user's language: every contract text has a key in the
 * `contract` namespace, and a text (typed by the form's own check or answered by the server) is found by its
 * English wording and rendered through the catalogue. Parameters ({{name}}) are read back out of the English
 * text. Texts that are not contract texts pass through unchanged. See README.md beside this file.
 */

let matcher: ((text: string) => MessageMatch | null) | null = null;

/** The catalogue key and parameters of a contract text, or null when the text is not one. */
export function contractMessageKey(text: string): MessageMatch | null {
  matcher ??= createMessageMatcher(englishResources.contract ?? {});
  return matcher(text);
}

type Translate = (key: string, params: Record<string, unknown>) => string;
const appT: Translate = (key, params) => i18n.t(key, params);

/** A contract text (or any other text, unchanged) in the UI language. */
export function localizeMessage(text: string | null | undefined, t: Translate = appT): string {
  return localizeWith(contractMessageKey, t, text);
}

/** localizeMessage for components: re-renders when the language changes. */
export function useLocalizeMessage(): (text: string | null | undefined) => string {
  const { t } = useTranslation('contract');
  return (text) => localizeMessage(text, (key, params) => t(key, params));
}
