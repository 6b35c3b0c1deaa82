import { currentLanguage } from '../../i18n';

/** ISO 3166-1 alpha-2 codes; names come from the browser (Intl.DisplayNames) so the list stays short. */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'.split(
    ' ',
  );

export interface Country {
  code: string;
  name: string;
}

const cached = new Map<string, Country[]>();

/** Countries sorted by name in the UI language; the preferred country (US, SPEC §9) first. */
export function countries(lang: string = currentLanguage()): Country[] {
  const hit = cached.get(lang);
  if (hit) return hit;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  const list = CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, lang),
  );
  const us = list.findIndex((c) => c.code === 'US');
  const sorted = [list[us], ...list.slice(0, us), ...list.slice(us + 1)];
  cached.set(lang, sorted);
  return sorted;
}

export function countryName(code: string, lang: string = currentLanguage()): string {
  return countries(lang).find((c) => c.code === code)?.name ?? code;
}

/**
 * The registration's first guess at the country: the region of the browser's language ('de-DE' → DE), else
 * the preferred country of SPEC §9 (US). Issue #29: a German browser was offered 'Vereinigte Staaten'.
 */
export function defaultCountry(languages: readonly string[] = globalThis.navigator?.languages ?? []): string {
  for (const tag of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).maximize().region;
    } catch {
      region = undefined;
    }
    if (region && CODES.includes(region)) return region;
  }
  return 'US';
}
