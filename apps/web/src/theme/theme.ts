import { createTheme, type Theme } from '@mui/material/styles';
import { deDE, enUS } from '@mui/material/locale';
import type { Language } from '../i18n';

const palette = { mode: 'light' as const, primary: { main: '#1c3d5a' }, secondary: { main: '#0f8fb3' } };
const breakpoints = createTheme().breakpoints;

const base = {
  palette,
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    // Every dialog fills a phone's screen: its content scrolls and its actions stay in view at the bottom.
    MuiDialog: {
      styleOverrides: {
        paper: {
          [breakpoints.down('sm')]: {
            margin: 0,
            width: '100%',
            maxWidth: '100%',
            height: '100%',
            maxHeight: '100%',
            borderRadius: 0,
          },
        },
      },
    },
    MuiDialogActions: {
      styleOverrides: {
        root: {
          flexWrap: 'wrap' as const,
          [breakpoints.down('sm')]: { paddingBottom: 'max(8px, env(safe-area-inset-bottom))' },
        },
      },
    },
  },
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
