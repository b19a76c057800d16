import { randomUUID } from 'node:crypto';
import { WEEKDAYS, type CauseCategory, type Cuisine, type Region, type Weekday } from '@goodtable/shared';
import type { Executor } from '../client.ts';
import { hostingPreferences, managerRestaurants, menus, restaurantPhotos, restaurantProfiles } from '../schema/index.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { insertUser } from '../../modules/accounts/accounts.service.ts';
import { searchWords } from '../../lib/search-words.ts';
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '../../modules/restaurants/restaurants.service.ts';
import { escapeXml, initials, svgToWebp } from './seed-images.ts';

type DemoMenu = { name: string; description: string; price: number; min: number; max: number };
type DemoRestaurant = {
  /** Owner account: restaurant@example.com is the demo seller; the others get their own seller account. */
  email: string;
  owner: [first: string, last: string];
  name: string;
  slug: string;
  cuisine: Cuisine;
  city: 'Sydney' | 'Melbourne' | 'Brisbane' | 'Da Nang';
  address: string;
  description: string;
  colours: [string, string];
  photos: 1 | 2;
  managed?: boolean;
  weekdays?: Weekday[];
  causes?: CauseCategory[];
  menus: DemoMenu[];
};

const CITY: Record<DemoRestaurant['city'], { region: Region; country: string; currency: string; timezone: string }> = {
  Sydney: { region: 'New South Wales', country: 'AU', currency: 'AUD', timezone: 'Australia/Sydney' },
  Melbourne: { region: 'Victoria', country: 'AU', currency: 'AUD', timezone: 'Australia/Melbourne' },
  Brisbane: { region: 'Queensland', country: 'AU', currency: 'AUD', timezone: 'Australia/Brisbane' },
  'Da Nang': { region: 'Worldwide', country: 'VN', currency: 'VND', timezone: 'Asia/Ho_Chi_Minh' },
};

/** The seller account without menus (demonstrates the complete-your-profile dialog of docs/product.md, Validation rules). */
export const DEMO_SELLER_WITHOUT_MENUS = { email: 'newbistro@example.com', firstName: 'Sam', lastName: 'Carter', name: 'New Bistro' } as const;

export const DEMO_RESTAURANTS: readonly DemoRestaurant[] = [
  {
    email: 'restaurant@example.com',
    owner: ['Marco', 'Rossi'],
    name: 'Trattoria Rossi',
    slug: 'trattoria-rossi',
    cuisine: 'italian',
    city: 'Melbourne',
    address: '214 Lygon Street, Carlton VIC 3053',
    description:
      'A family trattoria on Lygon Street since 1987. Long tables under the vines in the courtyard, hand-rolled pasta, and a wood oven that has not gone cold in thirty years. We have hosted school, hospital and refugee-support fundraisers for three decades.',
    colours: ['#7c2d12', '#ea580c'],
    photos: 2,
    causes: ['education', 'community', 'health'],
    menus: [
      { name: 'Pranzo della domenica', description: 'Antipasti to share, two pastas, roast of the day, tiramisù.', price: 6900, min: 12, max: 60 },
      { name: 'Cena di gala', description: 'Six courses with matched Victorian wines.', price: 12500, min: 20, max: 80 },
    ],
  },
  {
    email: 'fitzroy.fire@example.com',
    owner: ['Ava', 'Mitchell'],
    name: 'Fitzroy Fire Kitchen',
    slug: 'fitzroy-fire-kitchen',
    cuisine: 'modern-australian',
    city: 'Melbourne',
    address: '88 Gertrude Street, Fitzroy VIC 3065',
    description: 'Open-fire cooking with produce from small Victorian farms. Our warehouse room seats 90 at shared tables.',
    colours: ['#431407', '#f59e0b'],
    photos: 1,
    menus: [
      { name: 'Fire feast', description: 'Five courses from the grill, sides to share.', price: 9500, min: 20, max: 90 },
      { name: 'Canapés and bubbles', description: 'Standing reception, eight canapés per guest.', price: 5500, min: 30, max: 120 },
    ],
  },
  {
    email: 'saigon.lane@example.com',
    owner: ['Linh', 'Vo'],
    name: 'Saigon Lane',
    slug: 'saigon-lane',
    cuisine: 'vietnamese',
    city: 'Melbourne',
    address: '5 Hardware Lane, Melbourne VIC 3000',
    description: 'Street-food favourites from Saigon in a laneway dining room strung with lanterns.',
    colours: ['#14532d', '#facc15'],
    photos: 2,
    menus: [{ name: 'Lane banquet', description: 'Rice-paper rolls, bánh xèo, shaking beef, caramel pork, chè.', price: 5900, min: 10, max: 50 }],
  },
  {
    email: 'harbourside.oysters@example.com',
    owner: ['James', 'Whitaker'],
    name: 'Harbourside Oyster Bar',
    slug: 'harbourside-oyster-bar',
    cuisine: 'seafood',
    city: 'Sydney',
    address: '3 Circular Quay East, Sydney NSW 2000',
    description: 'Sydney rock oysters, line-caught fish and an uninterrupted view of the Harbour Bridge.',
    colours: ['#0c4a6e', '#38bdf8'],
    photos: 2,
    managed: true,
    weekdays: ['wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    menus: [
      { name: 'Harbour long lunch', description: 'Oysters, kingfish crudo, whole baked snapper, pavlova.', price: 11000, min: 20, max: 70 },
      { name: 'Seafood platter evening', description: 'Shared platters and a glass of NSW riesling.', price: 8500, min: 15, max: 60 },
    ],
  },
  {
    email: 'surry.tandoor@example.com',
    owner: ['Priya', 'Raman'],
    name: 'Surry Hills Tandoor',
    slug: 'surry-hills-tandoor',
    cuisine: 'indian',
    city: 'Sydney',
    address: '410 Crown Street, Surry Hills NSW 2010',
    description: 'North Indian cooking from a clay tandoor, vegetarian thalis and a private room for 40.',
    colours: ['#7f1d1d', '#fb923c'],
    photos: 1,
    menus: [
      { name: 'Tandoor feast', description: 'Mixed grill, three curries, naan, rice and kulfi.', price: 6500, min: 10, max: 40 },
      { name: 'Vegetarian thali', description: 'Seven small dishes, breads, pickles and dessert.', price: 4900, min: 10, max: 40 },
    ],
  },
  {
    email: 'bondi.greenhouse@example.com',
    owner: ['Chloe', 'Bennett'],
    name: 'Bondi Greenhouse',
    slug: 'bondi-greenhouse',
    cuisine: 'vegetarian',
    city: 'Sydney',
    address: '120 Campbell Parade, Bondi Beach NSW 2026',
    description: 'Plant-based dining in a glasshouse above the beach. Zero-waste kitchen, natural wines.',
    colours: ['#14532d', '#86efac'],
    photos: 2,
    causes: ['environment', 'animals'],
    menus: [{ name: 'Garden tasting', description: 'Seven plant-based courses from our rooftop garden.', price: 8900, min: 12, max: 48 }],
  },
  {
    email: 'newtown.izakaya@example.com',
    owner: ['Kenji', 'Sato'],
    name: 'Newtown Izakaya',
    slug: 'newtown-izakaya',
    cuisine: 'japanese',
    city: 'Sydney',
    address: '255 King Street, Newtown NSW 2042',
    description: 'Yakitori, sake and a noisy, happy room. Tatami area for groups.',
    colours: ['#1e1b4b', '#f43f5e'],
    photos: 1,
    menus: [
      { name: 'Omakase izakaya', description: 'Chef’s choice of ten small plates.', price: 7500, min: 10, max: 36 },
      { name: 'Yakitori party', description: 'Skewers from the charcoal grill, edamame, karaage, rice.', price: 4500, min: 15, max: 50 },
    ],
  },
  {
    email: 'riverbend.grill@example.com',
    owner: ['Tom', 'Gallagher'],
    name: 'Riverbend Grill',
    slug: 'riverbend-grill',
    cuisine: 'steakhouse',
    city: 'Brisbane',
    address: '1 Eagle Street, Brisbane City QLD 4000',
    description: 'Queensland grass-fed beef, dry-aged in house, on the river at Eagle Street Pier.',
    colours: ['#3f1d0b', '#b45309'],
    photos: 2,
    managed: true,
    menus: [
      { name: 'Steakhouse dinner', description: 'Share starters, 300 g rump or barramundi, sides, dessert.', price: 9900, min: 20, max: 100 },
      { name: 'Riverside barbecue', description: 'Casual barbecue buffet on the deck.', price: 5500, min: 30, max: 150 },
    ],
  },
  {
    email: 'valley.taverna@example.com',
    owner: ['Eleni', 'Papadakis'],
    name: 'Fortitude Valley Taverna',
    slug: 'fortitude-valley-taverna',
    cuisine: 'greek',
    city: 'Brisbane',
    address: '640 Ann Street, Fortitude Valley QLD 4006',
    description: 'Meze, lamb from the spit and plate-smashing Saturdays.',
    colours: ['#1e3a8a', '#e0f2fe'],
    photos: 1,
    managed: true,
    weekdays: ['thursday', 'friday', 'saturday'],
    menus: [{ name: 'Meze and spit roast', description: 'Twelve meze, spit-roast lamb, loukoumades.', price: 7200, min: 20, max: 80 }],
  },
  {
    email: 'paddington.thai@example.com',
    owner: ['Nok', 'Chaiyaporn'],
    name: 'Paddington Thai House',
    slug: 'paddington-thai-house',
    cuisine: 'thai',
    city: 'Brisbane',
    address: '178 Given Terrace, Paddington QLD 4064',
    description: 'Royal Thai recipes in a restored Queenslander with a wide verandah.',
    colours: ['#581c87', '#f0abfc'],
    photos: 2,
    menus: [{ name: 'Royal Thai banquet', description: 'Eight dishes to share and mango sticky rice.', price: 5800, min: 10, max: 45 }],
  },
  {
    email: 'bep.song.han@example.com',
    owner: ['Hoa', 'Nguyen'],
    name: 'Bếp Sông Hàn',
    slug: 'bep-song-han',
    cuisine: 'vietnamese',
    city: 'Da Nang',
    address: '74 Bạch Đằng, Hải Châu, Đà Nẵng',
    description: 'Central Vietnamese home cooking on the Han River promenade, with a terrace facing the Dragon Bridge.',
    colours: ['#9a3412', '#fde047'],
    photos: 2,
    causes: ['hunger', 'community', 'education'],
    menus: [
      { name: 'Mâm cơm miền Trung', description: 'A shared family tray of eight central Vietnamese dishes.', price: 350_000, min: 10, max: 60 },
      { name: 'Tiệc sông Hàn', description: 'Seven-course river banquet with seafood.', price: 650_000, min: 20, max: 80 },
    ],
  },
  {
    email: 'mi.quang@example.com',
    owner: ['Mua', 'Le'],
    name: 'Mì Quảng Bà Mua',
    slug: 'mi-quang-ba-mua',
    cuisine: 'vietnamese',
    city: 'Da Nang',
    address: '19 Trần Bình Trọng, Hải Châu, Đà Nẵng',
    description: 'The city’s favourite turmeric noodles, served since 1985. Our upstairs room takes groups.',
    colours: ['#a16207', '#fef08a'],
    photos: 1,
    menus: [{ name: 'Noodle feast', description: 'Mì Quảng, bánh tráng cuốn thịt heo, fresh herbs, chè.', price: 200_000, min: 10, max: 40 }],
  },
  {
    email: 'my.khe.seafood@example.com',
    owner: ['Tuan', 'Pham'],
    name: 'My Khe Seafood House',
    slug: 'my-khe-seafood-house',
    cuisine: 'seafood',
    city: 'Da Nang',
    address: '102 Võ Nguyên Giáp, Sơn Trà, Đà Nẵng',
    description: 'Choose from the tanks, cooked your way, with My Khe beach across the road.',
    colours: ['#0e7490', '#a5f3fc'],
    photos: 2,
    menus: [
      { name: 'Beach seafood banquet', description: 'Grilled squid, clams with lemongrass, steamed crab, fried rice.', price: 550_000, min: 15, max: 100 },
      { name: 'Lobster gala', description: 'Six courses with lobster and local wine.', price: 1_200_000, min: 20, max: 60 },
    ],
  },
  {
    email: 'lantern.kitchen@example.com',
    owner: ['An', 'Tran'],
    name: 'Lantern Kitchen',
    slug: 'lantern-kitchen',
    cuisine: 'fusion',
    city: 'Da Nang',
    address: '36 An Thượng 2, Ngũ Hành Sơn, Đà Nẵng',
    description: 'Vietnamese flavours, French technique, a garden full of lanterns near the beach.',
    colours: ['#7c2d12', '#fbbf24'],
    photos: 1,
    menus: [{ name: 'Lantern tasting', description: 'Eight courses mixing Hội An and Lyon.', price: 900_000, min: 12, max: 50 }],
  },
];

/** The time zone of a demo restaurant (its city's), by slug. */
export function demoRestaurantTimeZone(slug: string): string {
  const restaurant = DEMO_RESTAURANTS.find((entry) => entry.slug === slug);
  if (!restaurant) throw new Error(`no demo restaurant ${slug}`);
  return CITY[restaurant.city].timezone;
}

/** A photo made offline: a diagonal gradient in the restaurant's colours, a table of plates, its initials and name. */
function photoSvg({ restaurant, variant, width, height }: { restaurant: DemoRestaurant; variant: number; width: number; height: number }): string {
  const [dark, light] = restaurant.colours;
  const plates = Array.from({ length: 5 }, (_, i) => {
    const cx = ((i + 0.5 + variant * 0.35) / 5) * width;
    const cy = height * (0.78 + (i % 2) * 0.06);
    const r = height * 0.09;
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.85"/><circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="${light}" fill-opacity="0.55"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="${variant ? 1 : 0}" x2="1" y2="${variant ? 0 : 1}"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width * (variant ? 0.15 : 0.85)}" cy="${height * 0.2}" r="${height * 0.45}" fill="#ffffff" fill-opacity="0.08"/>
<rect x="0" y="${height * 0.7}" width="${width}" height="${height * 0.3}" fill="#000000" fill-opacity="0.18"/>
${plates}
<text x="${width / 2}" y="${height * 0.36}" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-weight="700" font-size="${height * 0.26}" fill="#ffffff" fill-opacity="0.92">${escapeXml(initials(restaurant.name))}</text>
<text x="${width / 2}" y="${height * 0.52}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${height * 0.06}" fill="#ffffff" fill-opacity="0.9">${escapeXml(restaurant.name)}</text>
</svg>`;
}

async function demoPhoto(restaurant: DemoRestaurant, variant: number) {
  const [photo, thumbnail] = await Promise.all([
    svgToWebp(photoSvg({ restaurant, variant, width: 1200, height: 800 }), 80),
    svgToWebp(photoSvg({ restaurant, variant, width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT }), 75),
  ]);
  return { photo, thumbnail, width: 1200, height: 800 };
}

/**
 * Seeds the demo restaurants, all published with menus and hosting preferences: the demo seller
 * (restaurant@example.com, `demoSellerId`) owns Trattoria Rossi; each other restaurant gets its own seller account
 * (password `passwordHash`); the demo manager runs three of them; one more seller has no menus at all.
 * Photos go to `storage` when given (generated offline with sharp).
 */
export async function seedDemoRestaurants(
  db: Executor,
  options: { demoSellerId: string; demoManagerId: string; passwordHash: string; storage?: FileStorage },
): Promise<void> {
  const now = Date.now();
  // Photos are drawn and stored concurrently; their rows are inserted afterwards in one statement, because the
  // transaction's single connection must not run queries concurrently.
  const photoJobs: Promise<(typeof restaurantPhotos.$inferInsert)[]>[] = [];
  for (const [index, restaurant] of DEMO_RESTAURANTS.entries()) {
    const place = CITY[restaurant.city];
    const restaurantId =
      restaurant.email === 'restaurant@example.com'
        ? options.demoSellerId
        : (
            await insertUser(db, {
              email: restaurant.email,
              role: 'seller',
              passwordHash: options.passwordHash,
              firstName: restaurant.owner[0],
              lastName: restaurant.owner[1],
              name: restaurant.name,
              location: restaurant.city,
              timezone: place.timezone,
              isVerified: true,
              published: true,
            })
          ).id;
    // Spread over past weeks so "Latest" has a meaningful order.
    const createdAt = new Date(now - (index + 1) * 2 * 24 * 60 * 60 * 1000);
    await db.insert(restaurantProfiles).values({
      restaurantId,
      name: restaurant.name,
      slug: restaurant.slug,
      description: restaurant.description,
      cuisine: restaurant.cuisine,
      address: restaurant.address,
      city: restaurant.city,
      region: place.region,
      country: place.country,
      currency: place.currency,
      timezone: place.timezone,
      published: true,
      searchText: searchWords([restaurant.name, restaurant.city, restaurant.cuisine, place.region].join(' ')).join(' '),
      createdAt,
      updatedAt: createdAt,
    });
    await db.insert(menus).values(
      restaurant.menus.map((menu, position) => ({
        restaurantId,
        name: menu.name,
        description: menu.description,
        pricePerHead: menu.price,
        currency: place.currency,
        minGuests: menu.min,
        maxGuests: menu.max,
        position,
      })),
    );
    await db.insert(hostingPreferences).values({
      restaurantId,
      weekdays: restaurant.weekdays ?? [...WEEKDAYS],
      serviceStart: restaurant.city === 'Da Nang' ? '17:00' : '18:00',
      serviceEnd: '22:30',
      minGuests: Math.min(...restaurant.menus.map((menu) => menu.min)),
      maxGuests: Math.max(...restaurant.menus.map((menu) => menu.max)),
      noticeDays: 14,
      regions: [place.region],
      causeCategories: restaurant.causes ?? [],
    });
    if (restaurant.managed) {
      await db.insert(managerRestaurants).values({ managerId: options.demoManagerId, restaurantId, status: 'active' }).onConflictDoNothing();
    }
    const storage = options.storage;
    if (storage) {
      photoJobs.push(
        (async () => {
          const rows: (typeof restaurantPhotos.$inferInsert)[] = [];
          for (let variant = 0; variant < restaurant.photos; variant++) {
            const { photo, thumbnail, width, height } = await demoPhoto(restaurant, variant);
            const id = randomUUID();
            const storageKey = `restaurants/${restaurantId}/${id}.webp`;
            const thumbnailKey = `restaurants/${restaurantId}/${id}-thumb.webp`;
            await storage.put(storageKey, { content: photo, contentType: 'image/webp' });
            await storage.put(thumbnailKey, { content: thumbnail, contentType: 'image/webp' });
            rows.push({ id, restaurantId, storageKey, thumbnailKey, width, height, position: variant });
          }
          return rows;
        })(),
      );
    }
  }
  const photoRows = (await Promise.all(photoJobs)).flat();
  if (photoRows.length > 0) await db.insert(restaurantPhotos).values(photoRows);

  await insertUser(db, {
    email: DEMO_SELLER_WITHOUT_MENUS.email,
    role: 'seller',
    passwordHash: options.passwordHash,
    firstName: DEMO_SELLER_WITHOUT_MENUS.firstName,
    lastName: DEMO_SELLER_WITHOUT_MENUS.lastName,
    name: DEMO_SELLER_WITHOUT_MENUS.name,
    location: 'Sydney',
    timezone: 'Australia/Sydney',
    isVerified: true,
  });
}
