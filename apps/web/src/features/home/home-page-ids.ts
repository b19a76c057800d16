/** The heading of the home page's subscribe section: its form hydrates as the heading shows (app/layout-slots.tsx). */
export const HOME_SUBSCRIBE_HEADING_ID = 'home-subscribe-heading';
