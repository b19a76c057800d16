import { z } from 'zod';
import { LOCALES } from '../locales.ts';
import { textInput } from './text.ts';
import { emailSchema, personNameSchema } from './user.ts';
import { pageQuerySchema } from './common.ts';

/** Which language a public read is in: `en` unless `vn` is asked for. */
export const languageQuerySchema = z.enum(LOCALES, 'validation.invalidLanguage').default('en');

/** POST /v1/subscription (docs/product.md, API calls): the mailing list. */
export const subscriptionInputSchema = z.object({ email: emailSchema, language: z.enum(LOCALES, 'validation.invalidLanguage').optional() });
export type SubscriptionInput = z.input<typeof subscriptionInputSchema>;
export const subscriptionSchema = z.object({ id: z.uuid() });
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /v1/subscription/unsubscribe?token=…: the one-click link of every mailing-list email. */
export const unsubscribeQuerySchema = z.object({ token: textInput('validation.required').trim().min(20, 'validation.invalidToken').max(200, 'validation.invalidToken') });

/** What a contact message is about (the support team sorts by it). */
export const CONTACT_TOPICS = ['booking', 'payment', 'restaurant', 'cause', 'account', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

/**
 * POST /v1/contact. `website` is the honeypot: a field people never see (hidden from sight and from assistive
 * technology), so only a bot fills it.
 */
export const contactMessageInputSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  topic: z.enum(CONTACT_TOPICS, 'validation.required'),
  message: textInput('validation.required', { multiline: true }).trim().min(10, 'validation.messageTooShort').max(CONTACT_MESSAGE_MAX_LENGTH, 'validation.tooLong'),
  language: z.enum(LOCALES, 'validation.invalidLanguage').optional(),
  website: textInput().max(500, 'validation.tooLong').optional(),
});
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;
export const contactMessageSchema = z.object({ id: z.uuid() });

/** A blog post in a list: no body. `{id}` of /blog/{id} is the slug. */
export const blogPostSummarySchema = z.object({
  slug: z.string(),
  language: z.enum(LOCALES),
  title: z.string(),
  excerpt: z.string(),
  date: z.string(),
  tags: z.array(z.string()),
  cover: z.object({ url: z.string(), alt: z.string() }),
  author: z.string(),
  reading_minutes: z.number().int(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;
/** One post: `html` is the Markdown body rendered and sanitised by the server. */
export const blogPostSchema = blogPostSummarySchema.extend({ html: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogTagSchema = z.string().regex(/^[a-z0-9-]{1,40}$/, 'validation.invalidTag');
export const blogListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.default(6),
  tag: blogTagSchema.optional(),
  lang: languageQuerySchema,
});
export const blogListSchema = z.object({
  data: z.array(blogPostSummarySchema),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
  totalResults: z.number().int(),
  /** Every tag of the language's posts, for the filter. */
  tags: z.array(z.string()),
});
export type BlogList = z.infer<typeof blogListSchema>;
export const blogSlugParamSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,100}$/, 'validation.invalidSlug') });
export const blogPostQuerySchema = z.object({ lang: languageQuerySchema });

/** An amount in a currency's minor unit (AUD cents; VND has none). */
export const moneySchema = z.object({ currency: z.string(), amount: z.number().int() });
export type Money = z.infer<typeof moneySchema>;

/** A confirmed public event (a booking the restaurant accepted and the client secured), as the public pages list it. */
export const publicEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  date: z.string(),
  time_zone: z.string().nullable(),
  restaurant: z.object({ name: z.string(), slug: z.string().nullable() }),
  cause: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }).nullable(),
  ticket_price: z.number().int(),
  currency: z.string(),
  tickets_left: z.number().int(),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

/** Pricing as the deployment configures it (docs/product.md, Money), for /how-it-works. */
export const pricingSchema = z.object({ platform_fee_percent: z.number(), deposit_percent: z.number(), client_refund_days: z.number().int() });
export type Pricing = z.infer<typeof pricingSchema>;

/** GET /v1/site/home: what the home page shows of the marketplace's activity. */
export const siteHomeSchema = z.object({
  raised: z.array(moneySchema),
  completed_events: z.number().int(),
  upcoming_events: z.array(publicEventSchema),
  pricing: pricingSchema,
});
export type SiteHome = z.infer<typeof siteHomeSchema>;

/** GET /v1/causes/{id}/activity: a cause's total raised and its upcoming events. */
export const causeActivitySchema = z.object({ raised: z.array(moneySchema), completed_events: z.number().int(), upcoming_events: z.array(publicEventSchema) });
export type CauseActivity = z.infer<typeof causeActivitySchema>;
