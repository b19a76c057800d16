import { createRequire } from 'node:module';
import type CountryApi from 'country-state-city/lib/cjs/country.js';
import { flagEmoji, type CountryOption } from '@goodtable/shared';

// Only the country table of `country-state-city` (its index also loads every state and city). The CommonJS file
// exports `{default: api}`; require() reads it the same way under Node, tsx and vitest.
const countryData = (createRequire(import.meta.url)('country-state-city/lib/cjs/country.js') as { default: typeof CountryApi }).default;

type CountryRecord = ReturnType<typeof countryData.getAllCountries>[number];

let cache: { list: CountryOption[]; byCode: Map<string, CountryOption> } | undefined;

/**
 * Country reference data (static, from `country-state-city`): the country option of docs/product.md, Entities (id = ISO code,
 * name) with the flag derived from the code, the currency and the time zones. Only the country table is
 * loaded (not the large state and city tables). Sorted by name.
 */
function load() {
  if (!cache) {
    const list = countryData
      .getAllCountries()
      .filter((country: CountryRecord) => country.currency && (country.timezones?.length ?? 0) > 0)
      .map(
        (country: CountryRecord): CountryOption => ({
          id: country.isoCode,
          name: country.name,
          flag: flagEmoji(country.isoCode),
          currency: country.currency,
          timezones: (country.timezones ?? []).map((zone) => ({
            zoneName: zone.zoneName,
            gmtOffset: zone.gmtOffset,
            gmtOffsetName: zone.gmtOffsetName,
            abbreviation: zone.abbreviation,
            tzName: zone.tzName,
          })),
        }),
      )
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
    cache = { list, byCode: new Map(list.map((country) => [country.id, country])) };
  }
  return cache;
}

export function listCountries(): CountryOption[] {
  return load().list;
}

export function findCountry(isoCode: string | null | undefined): CountryOption | undefined {
  return isoCode ? load().byCode.get(isoCode.toUpperCase()) : undefined;
}
