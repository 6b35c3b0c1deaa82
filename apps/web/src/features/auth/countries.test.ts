import { describe, expect, it } from 'vitest';
import { defaultCountry } from './countries';

/** Issue #29: the registration's country follows the browser's region, US (SPEC §9) otherwise. */
describe('defaultCountry', () => {
  it("takes the region of the browser's first language that has one", () => {
    expect(defaultCountry(['de-DE', 'en-US'])).toBe('DE');
    expect(defaultCountry(['de-AT'])).toBe('AT');
    expect(defaultCountry(['en-GB'])).toBe('GB');
  });
  it('guesses the likely region of a bare language, and falls back to US', () => {
    expect(defaultCountry(['de'])).toBe('DE');
    expect(defaultCountry([])).toBe('US');
    expect(defaultCountry(['not a tag'])).toBe('US');
  });
});
