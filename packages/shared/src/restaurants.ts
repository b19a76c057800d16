/** Cuisines a restaurant picks from (the web translates `restaurants:cuisine.<key>`). */
export const CUISINES = [
  'modern-australian',
  'italian',
  'vietnamese',
  'french',
  'japanese',
  'chinese',
  'thai',
  'indian',
  'korean',
  'mediterranean',
  'middle-eastern',
  'greek',
  'spanish',
  'mexican',
  'seafood',
  'steakhouse',
  'vegetarian',
  'fusion',
] as const;
export type Cuisine = (typeof CUISINES)[number];

/** Dietary needs a client can record as defaults for new events. */
export const DIETARY_NEEDS = ['vegetarian', 'vegan', 'gluten-free', 'dairy-free', 'nut-free', 'halal', 'kosher', 'pescatarian'] as const;
export type DietaryNeed = (typeof DIETARY_NEEDS)[number];

/** Restaurant photos: types accepted, and how many a restaurant may keep. */
export const RESTAURANT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_RESTAURANT_PHOTOS = 12;

/** Largest party a menu or a preference may name. */
export const MAX_PARTY_SIZE = 1000;

/** An OpenStreetMap search for a restaurant's address (no API key, opens in any browser). */
export function openStreetMapSearchUrl(place: { address?: string | null; city?: string | null; countryName?: string | null }): string {
  const query = [place.address, place.city, place.countryName].filter((part) => part && part.trim()).join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
