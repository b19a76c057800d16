import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/test-app.ts';
import { signUpClient, uniqueEmail } from '../../../test/support/http-client.ts';

describe('me API', () => {
  const testApp = useTestApp();
  const { api } = testApp;

  const validUpdate = (email: string) => ({ first_name: 'Mai', last_name: 'Ho', email, location: 'Da Nang', timezone: 'Asia/Ho_Chi_Minh' });

  it('returns every field of the signed-in user', async () => {
    const { token } = await signUpClient(api);
    const me = await api.get('/v1/me', { token });
    expect(me.status).toBe(200);
    for (const field of ['id', 'role', 'first_name', 'last_name', 'email', 'location', 'timezone', 'avatar', 'is_verified', 'is_hidden_email_verified', 'is_hidden_payment_verified', 'connected_account_id', 'bank', 'country_not_listed', 'published', 'biography', 'fkUser', 'name']) {
      expect(me.body).toHaveProperty(field);
    }
  });

  it('updates the profile and keeps it', async () => {
    const { token, password } = await signUpClient(api);
    const email = uniqueEmail('moved');
    const updated = await api.put('/v1/me', { body: { ...validUpdate(email), is_hidden_email_verified: true, current_password: password }, token });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ first_name: 'Mai', last_name: 'Ho', email, location: 'Da Nang', timezone: 'Asia/Ho_Chi_Minh', is_hidden_email_verified: true, is_hidden_payment_verified: false });
    const reread = await api.get('/v1/me', { token });
    expect(reread.body).toMatchObject({ email, timezone: 'Asia/Ho_Chi_Minh', is_hidden_email_verified: true });
  });

  it('refuses a time zone that is not a real IANA zone and changes nothing', async () => {
    const { token, user } = await signUpClient(api);
    const response = await api.put('/v1/me', { body: { ...validUpdate(user.email), timezone: 'Mars/Olympus_Mons' }, token });
    expect(response.status).toBe(400);
    expect(response.body.details).toContainEqual({ field: 'timezone', message: 'validation.invalidTimeZone' });
    expect((await api.get('/v1/me', { token })).body.first_name).toBe(user.first_name);
  });

  it('keeps emails unique: another account’s email gets 409', async () => {
    const first = await signUpClient(api);
    const second = await signUpClient(api);
    const response = await api.put('/v1/me', { body: { ...validUpdate(first.email.toUpperCase()), current_password: second.password }, token: second.token });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('users.emailTaken');
    expect((await api.get('/v1/me', { token: second.token })).body.email).toBe(second.email);
  });

  it('needs a session', async () => {
    expect((await api.put('/v1/me', { body: validUpdate(uniqueEmail()) })).status).toBe(401);
  });

  it('answers 400 naming the field for a missing first name', async () => {
    const { token } = await signUpClient(api);
    const { first_name: _omit, ...rest } = validUpdate(uniqueEmail());
    const response = await api.put('/v1/me', { body: rest, token });
    expect(response.status).toBe(400);
    expect(response.body.details[0].field).toBe('first_name');
  });
});
