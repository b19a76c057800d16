import { eq } from 'drizzle-orm';
import type { CauseCategory } from '@goodtable/shared';
import type { Executor } from '../client.ts';
import { causes } from '../schema/index.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { insertUser } from '../../modules/accounts/accounts.service.ts';
import { causeSearchText } from '../../modules/causes/causes.service.ts';
import { initials, svgToWebp } from './seed-images.ts';

type DemoCause = {
  slug: string;
  name: string;
  category: CauseCategory;
  country: string;
  website: string;
  registration: string;
  colour: string;
  story: string;
};

/** The demo cause account (cause@example.com) owns the first two. */
export const DEMO_CAUSES: readonly DemoCause[] = [
  {
    slug: 'hope-kitchen-foundation',
    name: 'Hope Kitchen Foundation',
    category: 'hunger',
    country: 'VN',
    website: 'https://hopekitchen.example.org',
    registration: 'VN-NGO-2019-0412',
    colour: '#c2410c',
    story:
      'Hope Kitchen cooks 600 hot meals a week for families in Da Nang who are between jobs, ill or caring for someone. Every dinner hosted for us pays for about 40 meals, cooked by volunteers in a borrowed restaurant kitchen on Monday mornings.',
  },
  {
    slug: 'bep-yeu-thuong',
    name: 'Bếp Yêu Thương',
    category: 'community',
    country: 'VN',
    website: 'https://bepyeuthuong.example.org',
    registration: 'VN-NGO-2021-0088',
    colour: '#be185d',
    story:
      'Bếp Yêu Thương (the Kitchen of Love) runs a free Sunday lunch for elderly neighbours living alone in Hải Châu, and a cooking class where they teach their recipes to students. Your dinner keeps the stoves on and the tables full.',
  },
  {
    slug: 'reading-tree',
    name: 'The Reading Tree',
    category: 'education',
    country: 'AU',
    website: 'https://readingtree.example.org',
    registration: 'ABN 51 824 753 556',
    colour: '#1d4ed8',
    story:
      'The Reading Tree puts books and volunteer reading buddies into primary schools in Western Sydney. Children who read with a buddy for one term gain on average six months of reading age. A single dinner funds a buddy for a whole class.',
  },
  {
    slug: 'coastal-care-clinic',
    name: 'Coastal Care Clinic',
    category: 'health',
    country: 'AU',
    website: 'https://coastalcare.example.org',
    registration: 'ABN 33 051 775 556',
    colour: '#0f766e',
    story:
      'A free nurse-led clinic on the Gold Coast for people without a regular GP: check-ups, vaccinations, wound care and mental-health first aid. Dinners hosted for us pay for the mobile van that reaches the hinterland towns.',
  },
  {
    slug: 'reef-rescue-collective',
    name: 'Reef Rescue Collective',
    category: 'environment',
    country: 'AU',
    website: 'https://reefrescue.example.org',
    registration: 'ABN 76 004 085 616',
    colour: '#0369a1',
    story:
      'Divers, scientists and tour operators growing heat-tolerant coral on nurseries off Cairns and replanting damaged reef. Each dinner funds roughly a hundred coral fragments and the dive time to plant them.',
  },
  {
    slug: 'second-chance-paws',
    name: 'Second Chance Paws',
    category: 'animals',
    country: 'AU',
    website: 'https://secondchancepaws.example.org',
    registration: 'ABN 12 006 912 563',
    colour: '#7c3aed',
    story:
      'A foster network in Melbourne that rescues dogs and cats from pounds, pays their vet bills and finds them homes. Last year 412 animals found families; the dinners pay for desexing, vaccines and the occasional broken leg.',
  },
  {
    slug: 'laneway-arts-project',
    name: 'Laneway Arts Project',
    category: 'arts',
    country: 'AU',
    website: 'https://lanewayarts.example.org',
    registration: 'ABN 48 123 123 124',
    colour: '#a16207',
    story:
      'Free art, music and theatre workshops for teenagers in Brisbane, ending each term with a public show in a city laneway. Dinner funds go to materials, instruments and paying local artists to teach.',
  },
  {
    slug: 'flood-relief-queensland',
    name: 'Flood Relief Queensland',
    category: 'disaster-relief',
    country: 'AU',
    website: 'https://floodreliefqld.example.org',
    registration: 'ABN 90 150 777 432',
    colour: '#b91c1c',
    story:
      'When the rivers rise we deliver clean water, cleaning kits and hot food within 48 hours, then stay to help families rebuild. Between floods we train volunteers and stock warehouses in Lismore, Rockhampton and Ipswich.',
  },
  {
    slug: 'green-da-nang',
    name: 'Green Da Nang',
    category: 'environment',
    country: 'VN',
    website: 'https://greendanang.example.org',
    registration: 'VN-NGO-2020-0237',
    colour: '#15803d',
    story:
      'Beach clean-ups every Saturday along Mỹ Khê, recycling stations for street-food vendors and mangrove planting on the Cu Đê river. Restaurants who host for us also get help cutting their single-use plastics.',
  },
];

/** A logo made offline: the cause's initials on a rounded square of its colour, as WebP. */
export function initialsLogo(name: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="56" fill="${colour}"/><circle cx="210" cy="46" r="70" fill="#ffffff" fill-opacity="0.12"/><text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-weight="700" font-size="100" fill="#ffffff">${initials(name, ['the'])}</text></svg>`;
  return svgToWebp(svg, 85);
}

/**
 * Seeds the demo causes, all published: the first two belong to `demoCauseOwnerId`; each of the others to its
 * own organisation account (no password: they exist to own their cause). Logos go to `storage` when given.
 */
export async function seedDemoCauses(db: Executor, options: { demoCauseOwnerId: string; storage?: FileStorage }): Promise<void> {
  const now = Date.now();
  for (const [index, cause] of DEMO_CAUSES.entries()) {
    const ownerId =
      index < 2
        ? options.demoCauseOwnerId
        : (
            await insertUser(db, {
              email: `${cause.slug}@causes.example.com`,
              role: 'cause',
              firstName: cause.name.split(' ')[0]!,
              lastName: 'Team',
              name: cause.name,
              timezone: cause.country === 'VN' ? 'Asia/Ho_Chi_Minh' : 'Australia/Sydney',
              isVerified: true,
            })
          ).id;
    const [row] = await db
      .insert(causes)
      .values({
        ownerId,
        name: cause.name,
        slug: cause.slug,
        category: cause.category,
        story: cause.story,
        website: cause.website,
        charityRegistrationNumber: cause.registration,
        countryCode: cause.country,
        published: true,
        searchText: causeSearchText(cause),
        // Spread over past weeks so "Latest" has a meaningful order.
        createdAt: new Date(now - (index + 1) * 3 * 24 * 60 * 60 * 1000),
      })
      .returning({ id: causes.id });
    if (options.storage && row) {
      const key = `causes/${row.id}/logo.webp`;
      await options.storage.put(key, { content: await initialsLogo(cause.name, cause.colour), contentType: 'image/webp' });
      await db.update(causes).set({ logoKey: key }).where(eq(causes.id, row.id));
    }
  }
}
