import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  DEVICE_MESSAGES,
  IMPORT_MESSAGES,
  FILTER_WARNINGS,
  LICENSE_MESSAGES,
  MESSAGES,
  NETWORK_ERROR_MESSAGE,
  PROGRESS_MESSAGES,
  SECURITY_MESSAGES,
  SUBJECT_MESSAGES,
  TRIAL_MESSAGES,
  UPLOAD_MESSAGES,
  VALIDATION_MESSAGES,
  userDoesNotExist,
} from '@poselab/contract';
import { englishResources, type Catalog } from './catalogs';
import { contractMessageKey, localizeMessage } from './contract-messages';
import { i18n } from './index';

const statics = (group: Record<string, unknown>) =>
  Object.values(group).filter((v): v is string => typeof v === 'string');

/** Every text packages/contract can produce, with parametrised ones at the values that pick each plural form. */
const CONTRACT_TEXTS: string[] = [
  ...statics(ACCOUNT_MESSAGES),
  ...statics(SUBJECT_MESSAGES),
  ...statics(MESSAGES),
  ...statics(TRIAL_MESSAGES),
  ...statics(DEVICE_MESSAGES),
  ...statics(LICENSE_MESSAGES),
  ...statics(PROGRESS_MESSAGES),
  PROGRESS_MESSAGES.detectingPercent(45),
  FILTER_WARNINGS.invalid,
  FILTER_WARNINGS.tooLarge(30),
  FILTER_WARNINGS.tooLarge(7.5),
  NETWORK_ERROR_MESSAGE,
  userDoesNotExist('ann'),
  ...[0, 1, 2, 5].map((n) => DEVICE_MESSAGES.notEnoughDevices(n)),
  DEVICE_MESSAGES.missingVideos(2, 1),
  DEVICE_MESSAGES.missingVideos(2, 0),
  DEVICE_MESSAGES.missingVideos(4, 1),
  ...[1, 2, 3].map((n) => DEVICE_MESSAGES.calibrated(n)),
  // Issue #19: account security and phone uploads.
  ...statics(SECURITY_MESSAGES),
  SECURITY_MESSAGES.emailChanged('ann@example.org'),
  ...[1, 15].map((n) => SECURITY_MESSAGES.tooManyAttempts(n)),
  ...statics(UPLOAD_MESSAGES),
  UPLOAD_MESSAGES.notThisType('mp4'),
  UPLOAD_MESSAGES.unreadable('Camera 2 (Pixel 7)'),
  UPLOAD_MESSAGES.abandoned('Camera 2 (Pixel 7)'),
  UPLOAD_MESSAGES.quotaFull('99.5', '100'),
  // Issue #28: sessions from video files.
  ...statics(IMPORT_MESSAGES),
  ...[1, 0, 3].map((n) => IMPORT_MESSAGES.tooFewCameras(n)),
  IMPORT_MESSAGES.missingCamera('Camera 3'),
  IMPORT_MESSAGES.twoFilesOneCamera('Camera 2'),
  IMPORT_MESSAGES.notVideo('notes.txt'),
  IMPORT_MESSAGES.noVideoStream('sound.mp4', 'Camera 2'),
  IMPORT_MESSAGES.tooLarge('gopro.mp4'),
  IMPORT_MESSAGES.calibrationCameras(3, 4),
  // Issue #29: the messages of rules a schema states without a message of its own.
  ...statics(VALIDATION_MESSAGES),
  ...(
    ['tooLong', 'tooShort', 'tooLarge', 'tooSmall', 'notAbove', 'notBelow', 'tooMany', 'tooFew'] as const
  ).map((k) => VALIDATION_MESSAGES[k](100)),
  VALIDATION_MESSAGES.fieldError('unlabelled_field', VALIDATION_MESSAGES.tooLong(300)),
];

function baseKeys(catalog: Catalog, prefix = ''): string[] {
  return Object.entries(catalog).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? [path.replace(/_(one|other)$/, '')] : baseKeys(v, path);
  });
}

describe('contract texts through the catalogue', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('finds every contract text in the English catalogue, word for word', () => {
    for (const text of CONTRACT_TEXTS) {
      expect(contractMessageKey(text), text).not.toBeNull();
      expect(localizeMessage(text), 'English catalogue differs from the contract').toBe(text);
    }
  });

  it('holds no key that no contract text uses', () => {
    const used = new Set(CONTRACT_TEXTS.map((t) => contractMessageKey(t)!.key));
    // fields.*: the labels of the API's field names (checked by api-validation-messages.test.ts).
    const keys = baseKeys(englishResources.contract).filter((k) => !k.startsWith('fields.'));
    expect([...new Set(keys)].filter((k) => !used.has(k))).toEqual([]);
  });

  it('renders every contract text in German, parameters carried over', async () => {
    await i18n.changeLanguage('de');
    for (const text of CONTRACT_TEXTS) {
      const de = localizeMessage(text);
      expect(de, text).not.toBe(text);
      expect(de).not.toMatch(/\{\{|contract:/);
    }
    expect(localizeMessage(DEVICE_MESSAGES.missingVideos(4, 1))).toContain('die 3 fehlenden Geräte');
    expect(localizeMessage(DEVICE_MESSAGES.missingVideos(2, 1))).toContain('das fehlende Gerät');
    expect(localizeMessage(FILTER_WARNINGS.tooLarge(7.5))).toContain('(7,5 Hz)');
    expect(localizeMessage(userDoesNotExist('ann'))).toBe('Der Benutzer „ann“ existiert nicht.');
  });

  it('passes other texts through and localizes line by line', async () => {
    await i18n.changeLanguage('de');
    expect(localizeMessage('Session not found.')).toBe('Session not found.');
    expect(localizeMessage(`${MESSAGES.noSpaces}\n${SUBJECT_MESSAGES.required}`)).toBe(
      'Leerzeichen sind nicht erlaubt\nDieses Feld ist erforderlich.',
    );
  });
});
