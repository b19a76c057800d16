import net from 'node:net';

/** A TCP connection to the server, for requests that fetch cannot make: half-sent, or held open on purpose. */
export type RawConnection = {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received: () => string;
  /** Resolves when the server has sent text matching `pattern`, or rejects after `timeoutMs`. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  /** Resolves with the milliseconds from now until the connection is closed. */
  closed: Promise<number>;
};

export function openRawConnection(baseUrl: string): Promise<RawConnection> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    let received = '';
    const listeners = new Set<() => void>();
    socket.on('data', (chunk) => {
      received += chunk.toString();
      for (const listener of listeners) listener();
    });
    const opened = Date.now();
    const closed = new Promise<number>((resolveClosed) => socket.once('close', () => resolveClosed(Date.now() - opened)));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      socket.on('error', () => undefined);
      resolve({
        socket,
        received: () => received,
        closed,
        waitFor: (pattern, timeoutMs = 10_000) =>
          new Promise((resolveText, rejectText) => {
            const check = () => {
              if (!pattern.test(received)) return;
              listeners.delete(check);
              clearTimeout(timer);
              resolveText(received);
            };
            const timer = setTimeout(() => {
              listeners.delete(check);
              rejectText(new Error(`no ${pattern} from the server within ${timeoutMs} ms; received: ${JSON.stringify(received)}`));
            }, timeoutMs);
            listeners.add(check);
            check();
          }),
      });
    });
  });
}

/**
 * The start of a JSON POST whose body is `sent` but whose Content-Length promises `promisedLength` bytes, so the
 * request stays in flight. With `expectContinue` the server answers `100 Continue` once it has read the headers: the
 * sign that the request has reached it.
 */
export function halfSentJsonPost({ path, sent, promisedLength, expectContinue = false }: { path: string; sent: string; promisedLength: number; expectContinue?: boolean }): string {
  const expect = expectContinue ? 'Expect: 100-continue\r\n' : '';
  return `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${promisedLength}\r\n${expect}\r\n${sent}`;
}
