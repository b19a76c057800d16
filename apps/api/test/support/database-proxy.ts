import net from 'node:net';

/**
 * A TCP relay between the API and a PostgreSQL server that a test can stop, freeze and bring back, as an operator
 * (or a failure) would do to the server itself.
 */
export type DatabaseProxy = {
  /** The loopback port the relay listens on. */
  port: number;
  /** Like a stopped server: new connections are refused and open ones are cut. */
  close: () => Promise<void>;
  /** Like a frozen server (SIGSTOP): connections are accepted, and nothing is forwarded either way. */
  freeze: () => void;
  /** Forwards again: frozen connections go on where they stopped, new ones reach the server. */
  open: () => Promise<void>;
  /** Cuts everything and stops listening (the end of a test). */
  dispose: () => Promise<void>;
};

type Relay = { client: net.Socket; server?: net.Socket };

export async function startDatabaseProxy(target: { host: string; port: number }): Promise<DatabaseProxy> {
  let state: 'open' | 'frozen' | 'closed' = 'open';
  const relays = new Set<Relay>();

  const cut = (relay: Relay) => {
    relay.client.destroy();
    relay.server?.destroy();
    relays.delete(relay);
  };

  /** Starts forwarding a relay's bytes both ways (its client socket is paused until then). */
  const forward = (relay: Relay) => {
    const server = net.connect(target);
    relay.server = server;
    server.on('data', (chunk) => relay.client.write(chunk));
    relay.client.on('data', (chunk) => server.write(chunk));
    server.on('error', () => cut(relay));
    server.on('close', () => cut(relay));
    relay.client.resume();
  };

  const listener = net.createServer({ pauseOnConnect: true }, (client) => {
    const relay: Relay = { client };
    relays.add(relay);
    client.on('error', () => cut(relay));
    client.on('close', () => cut(relay));
    if (state === 'open') forward(relay);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen({ host: '127.0.0.1', port }, () => {
        listener.off('error', reject);
        resolve((listener.address() as net.AddressInfo).port);
      });
    });
  const stopListening = () => new Promise<void>((resolve) => (listener.listening ? listener.close(() => resolve()) : resolve()));
  const port = await listen(0);

  const close = async () => {
    state = 'closed';
    const stopped = stopListening();
    for (const relay of [...relays]) cut(relay);
    await stopped;
  };
  return {
    port,
    close,
    freeze() {
      state = 'frozen';
      for (const relay of relays) {
        relay.client.pause();
        relay.server?.pause();
      }
    },
    async open() {
      const wasClosed = state === 'closed';
      state = 'open';
      if (wasClosed) await listen(port);
      for (const relay of relays) {
        if (!relay.server) forward(relay);
        else {
          relay.client.resume();
          relay.server.resume();
        }
      }
    },
    dispose: close,
  };
}
