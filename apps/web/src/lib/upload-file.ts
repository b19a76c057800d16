import { buildUrl } from './api-client.ts';
import { apiErrorFromResponse, networkError } from './api-error.ts';
import { currentLocale } from './i18n.ts';
import { readStoredToken } from './stored-token.ts';

/**
 * Sends one file as multipart form data (the JSON client cannot send files) with the session token and language;
 * failures throw the same errors as the JSON client. Used by restaurant photos and cause logos.
 */
export async function uploadFile<Result>({ method, path, field, file }: { method: 'POST' | 'PUT'; path: string; field: string; file: File }): Promise<Result> {
  const form = new FormData();
  form.append(field, file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLocale() };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token.access_token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path), { method, headers, body: form });
  } catch {
    throw networkError();
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) throw apiErrorFromResponse({ status: response.status, statusText: response.statusText, body });
  return body as Result;
}
