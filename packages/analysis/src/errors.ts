import { analysisText } from './i18n';
import { AnalysisDataError } from './types';

/** An AnalysisDataError with the catalogue's English words for `code` (key `errors.<code>`). */
export function dataError(code: string, params: Record<string, string | number> = {}): AnalysisDataError {
  return new AnalysisDataError(code, params, analysisText('en', `errors.${code}`, params));
}
