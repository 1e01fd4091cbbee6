/**
 * The real server for data-layer tests (docs/architecture.md#tests): the whole app in-process on a real loopback
 * port and a fresh database, with a log of what it received, so tests can assert the headers and
 * bodies that actually arrived.
 */
import {
  createSignedInUser,
  createTestServer,
  type TestServer,
  type TestUser,
} from '@conversa/server/testing';
import { validateToken } from '../auth/validate-token';
import { createDataClient, type DataClient, type DataClientOptions } from '../client';
import { memoryStorage } from '../session';

/** A request as the server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: string;
}

export interface TestApi {
  server: TestServer;
  /** `http://127.0.0.1:PORT/api` */
  baseUrl: string;
  /** Every request received, oldest first. */
  requests: SeenRequest[];
  /** Requests received for a path (`/api` left off), e.g. `country`. */
  received(path: string, method?: string): SeenRequest[];
  /**
   * Closes the database under the running server: queries fail, `GET health` answers 503, and so
   * does `GET ready` (the server's clock moved past the few seconds it keeps its last probe).
   */
  breakDatabase(): Promise<void>;
  /** A client on an in-memory session. */
  client(options?: Partial<DataClientOptions>): DataClient;
  /** A new user, and a client signed in as them (session filled by `auth/validate-token`). */
  signedIn(
    options?: Partial<DataClientOptions> & { isAdmin?: boolean; emailVerified?: boolean },
  ): Promise<{ client: DataClient; user: TestUser & { token: string } }>;
  close(): Promise<void>;
}

/** Starts the server and listens on a free port. */
export async function startApi(options: Parameters<typeof createTestServer>[0] = {}): Promise<TestApi> {
  const server = await createTestServer(options);
  const requests: SeenRequest[] = [];
  const pending: Promise<unknown>[] = [];
  const serve = server.app.fetch;
  // Observe at the edge of the app: the request is the one the HTTP server built, untouched.
  server.app.fetch = (request, ...rest) => {
    const url = new URL(request.url);
    const seen: SeenRequest = {
      method: request.method,
      path: url.pathname.replace(/^\/api\//, ''),
      search: url.searchParams,
      headers: new Headers(request.headers),
      body: '',
    };
    requests.push(seen);
    if (request.body) {
      pending.push(
        request
          .clone()
          .text()
          .then((text) => (seen.body = text)),
      );
    }
    return serve(request, ...rest);
  };
  const origin = await server.listen();
  const baseUrl = `${origin}/api`;
  return {
    server,
    baseUrl,
    requests,
    received: (path, method) =>
      requests.filter((r) => r.path === path && (method === undefined || r.method === method)),
    async breakDatabase() {
      await server.database.close();
      // Already closed: the server's own close must not close it twice.
      server.database.close = async () => undefined;
      server.clock.advance(10_000);
    },
    client: (clientOptions = {}) => createDataClient({ baseUrl, storage: memoryStorage(), ...clientOptions }),
    async signedIn({ isAdmin = false, emailVerified = true, ...clientOptions } = {}) {
      const user = await createSignedInUser(server, { isAdmin, emailVerified });
      const client = createDataClient({ baseUrl, storage: memoryStorage(), ...clientOptions });
      client.session.update({ jwt: user.token });
      await validateToken(client);
      return { client, user };
    },
    close: async () => {
      await Promise.allSettled(pending);
      await server.close();
    },
  };
}
