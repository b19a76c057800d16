/** A small MIME reader for tests: what an email client shows of a message (headers, text and HTML parts, attachments). */
export type ParsedAttachment = { filename: string; contentType: string; content: string };
export type ParsedEmail = { headers: Map<string, string>; subject: string; from: string; text: string; html: string; attachments: ParsedAttachment[] };

function decodeQuotedPrintable(value: string): Buffer {
  const joined = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header value. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replaceAll('_', ' ')).toString('utf8'),
    );
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

export function parseEmail(raw: string): ParsedEmail {
  const { headers, body } = splitEntity(raw);
  let text = '';
  let html = '';
  const attachments: ParsedAttachment[] = [];
  const visit = (entityHeaders: Map<string, string>, entityBody: string) => {
    const type = entityHeaders.get('content-type') ?? 'text/plain';
    const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
    const disposition = entityHeaders.get('content-disposition') ?? '';
    if (disposition.toLowerCase().startsWith('attachment')) {
      const filename = disposition.match(/filename="?([^";]+)"?/i)?.[1] ?? type.match(/name="?([^";]+)"?/i)?.[1] ?? '';
      attachments.push({ filename: decodeHeader(filename), contentType: type, content: decodeBody(entityHeaders, entityBody) });
    } else if (type.toLowerCase().startsWith('multipart/') && boundary) {
      const parts = entityBody.split(`--${boundary}`).slice(1);
      for (const part of parts) {
        if (part.startsWith('--')) break;
        const entity = splitEntity(part.replace(/^\r?\n/, ''));
        visit(entity.headers, entity.body.replace(/\r?\n$/, ''));
      }
    } else if (type.toLowerCase().startsWith('text/html')) {
      html += decodeBody(entityHeaders, entityBody);
    } else if (type.toLowerCase().startsWith('text/plain')) {
      text += decodeBody(entityHeaders, entityBody);
    }
  };
  visit(headers, body);
  return { headers, subject: decodeHeader(headers.get('subject') ?? ''), from: decodeHeader(headers.get('from') ?? ''), text: text.replace(/\r\n/g, '\n'), html, attachments };
}
