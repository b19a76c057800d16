import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpClient } from '../support/http-client.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * A WebP whose header declares 16383×16383 pixels (268 megapixels) in a few hundred bytes: a lossless (VP8L)
 * header followed by filler (an even chunk size, as RIFF wants). Decoding it would cost seconds of CPU and hundreds of MB; only the header is valid.
 */
function hugeCanvasWebp(width = 16383, height = 16383): Buffer {
  const bits = (width - 1) | ((height - 1) << 14);
  const payload = Buffer.concat([Buffer.from([0x2f]), Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff]), Buffer.alloc(399, 0x55)]);
  const chunk = Buffer.concat([Buffer.from('VP8L'), u32(payload.length), payload]);
  return Buffer.concat([Buffer.from('RIFF'), u32(4 + chunk.length), Buffer.from('WEBP'), chunk]);
}
function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
}

/** Sends raw bytes with raw headers (fetch would fix up a broken multipart body). */
function rawRequest(url: string, options: { method: string; headers: Record<string, string>; body: Buffer | string }): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method, headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // keep the text
        }
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('image uploads cannot stall the server', () => {
  let seller: Awaited<ReturnType<typeof signUpClient>>;
  let cause: Awaited<ReturnType<typeof signUpClient>>;
  let causeId: string;

  const testApp = useTestApp({ env: { UPLOAD_RATE_LIMIT_MAX: '12' } });
  const { api } = testApp;
  beforeAll(async () => {
    seller = await signUpClient(api, { role: 'seller', name: 'Pixel Bistro' });
    cause = await signUpClient(api, { role: 'cause' });
    const created = await api.post('/v1/causes', { body: { name: 'Big Pixels', slug: `big-pixels-${Date.now().toString(36)}`, category: 'education' }, token: cause.token });
    causeId = created.body.id;
  });

  async function upload(path: string, { method, field, content, token }: { method: 'POST' | 'PUT'; field: string; content: Buffer; token: string }) {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(content)], { type: 'image/webp' }), 'image.webp');
    const response = await fetch(new URL(path, testApp.baseUrl), { method, headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: response.status, body: (await response.json()) as any };
  }

  it('refuses a 16383×16383 WebP from its header, before decoding a pixel (photo and logo)', async () => {
    const image = hugeCanvasWebp();
    expect(image.length).toBeLessThan(1024);
    const metadata = await sharp(image).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 16383, height: 16383 });

    const photo = await upload(`/v1/restaurants/${seller.user.id}/photos`, { method: 'POST', field: 'photo', content: image, token: seller.token });
    // 413 and not 415: had the pixels been decoded, the filler would have made it an unreadable image.
    expect(photo.status).toBe(413);
    expect(photo.body).toMatchObject({ code: 'uploads.tooManyPixels', details: [{ field: 'photo', message: 'validation.imageTooManyPixels' }] });
    const logo = await upload(`/v1/causes/${causeId}/logo`, { method: 'PUT', field: 'logo', content: image, token: cause.token });
    expect(logo.status).toBe(413);
    expect(logo.body).toMatchObject({ code: 'uploads.tooManyPixels', details: [{ field: 'logo', message: 'validation.imageTooManyPixels' }] });
    expect((await api.get(`/v1/restaurants/${seller.user.id}/profile`, { token: seller.token })).body.photos).toEqual([]);
  });

  it('refuses an image just over 40 megapixels and accepts a normal one', async () => {
    const justOver = hugeCanvasWebp(8000, 5001);
    expect((await upload(`/v1/restaurants/${seller.user.id}/photos`, { method: 'POST', field: 'photo', content: justOver, token: seller.token })).status).toBe(413);
    const normal = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c33' } }).webp().toBuffer();
    expect((await upload(`/v1/restaurants/${seller.user.id}/photos`, { method: 'POST', field: 'photo', content: normal, token: seller.token })).status).toBe(201);
  });

  describe('malformed multipart bodies are a 400, never a 500', () => {
    const photosPath = () => new URL(`/v1/restaurants/${seller.user.id}/photos`, testApp.baseUrl).toString();
    const auth = () => ({ authorization: `Bearer ${seller.token}` });
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.webp"\r\nContent-Type: image/webp\r\n\r\n` + 'x'.repeat(2000);

    it.each([
      ['no boundary', { 'content-type': 'multipart/form-data' }, part('zzz') + '\r\n--zzz--\r\n'],
      ['a truncated part (no closing boundary)', { 'content-type': 'multipart/form-data; boundary=zzz' }, part('zzz')],
      ['a body that is not multipart at all', { 'content-type': 'multipart/form-data; boundary=zzz' }, 'hello there, not a form'],
      ['a part without headers', { 'content-type': 'multipart/form-data; boundary=zzz' }, '--zzz\r\n\r\n\r\n--zzz--\r\n'],
      ['an empty body', { 'content-type': 'multipart/form-data; boundary=zzz' }, ''],
      ['a JSON body', { 'content-type': 'application/json' }, '{"photo":"x"}'],
      ['a plain-text body', { 'content-type': 'text/plain' }, 'photo'],
    ])('%s', async (_name, headers, body) => {
      const response = await rawRequest(photosPath(), { method: 'POST', headers: { ...auth(), ...headers }, body });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: expect.stringMatching(/^uploads\./) });
    });
  });

  it('limits uploads per account', async () => {
    const other = await signUpClient(api, { role: 'seller', name: 'Busy Bistro' });
    const tiny = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3c3' } }).webp().toBuffer();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await upload(`/v1/restaurants/${other.user.id}/photos`, { method: 'POST', field: 'photo', content: tiny, token: other.token })).status);
    expect(statuses.slice(0, 12).every((status) => status !== 429)).toBe(true);
    expect(statuses[12]).toBe(429);
  });
});
