import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from './i18n';

// Component tests read the English catalogue unless a test switches language.
void i18n.changeLanguage('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
  if (i18n.language !== 'en') void i18n.changeLanguage('en');
});
import '@testing-library/jest-dom/vitest';
