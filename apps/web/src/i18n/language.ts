/** The UI languages and how the first one is chosen; no catalogues here, so the phone page can use it too. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const LANGUAGE_STORAGE_KEY = 'poselab.language';

/**
 * The language to start in: the one chosen before (the profile's, stored at login or when changed), else the
 * browser's first supported language, else English.
 */
export function initialLanguage(
  stored: string | null = storedLanguage(),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}
