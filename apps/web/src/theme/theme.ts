import { createTheme, type Theme } from '@mui/material/styles';
import { deDE, enUS } from '@mui/material/locale';
import type { Language } from '../i18n';

const base = {
  palette: { mode: 'light' as const, primary: { main: '#1c3d5a' }, secondary: { main: '#0f8fb3' } },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
};

/** MUI's own texts (pagination, autocomplete, alerts) follow the UI language through its locale packs. */
const MUI_LOCALES: Record<Language, typeof enUS> = { en: enUS, de: deDE };

const themes = new Map<Language, Theme>();

export function themeFor(lang: Language): Theme {
  let theme = themes.get(lang);
  if (!theme) {
    theme = createTheme(base, MUI_LOCALES[lang]);
    themes.set(lang, theme);
  }
  return theme;
}

export const theme = themeFor('en');
