import type { Me, Role } from '@goodtable/shared';

export function testUser(overrides: Partial<Me> & { role: Role }): Me {
  return {
    id: '4f7c2a7e-8a59-4b0f-9a55-0c6c7e1f2d3b',
    first_name: 'Mai',
    last_name: 'Nguyen',
    email: 'mai@example.com',
    location: 'Da Nang',
    timezone: 'Asia/Ho_Chi_Minh',
    avatar: null,
    is_verified: true,
    is_hidden_email_verified: false,
    is_hidden_payment_verified: false,
    connected_account_id: null,
    bank: [],
    country_not_listed: false,
    published: false,
    biography: null,
    fkUser: null,
    name: null,
    language: 'en',
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
