// Background work waits behind requests for the embedded database's one connection.
//
// The embedded PGlite serves one statement at a time through one connection (pglite-thread.ts). With a plain
// first-come queue a request that arrives while ingestion has statements queued waits for all of them, so
// API latency under ingestion grew with the job backlog. Job handlers run inside `runAsBackground` (the local
// runner does it); their checkouts of the connection queue behind every request's, and one that waited longer
// than BACKGROUND_MAX_WAIT_MS goes first anyway, so a steady stream of requests can never starve a job (its
// heartbeats are not background work: they keep their lease in any case).
// A request runs a sequence of statements (authentication, access checks, the query, a count…), each its own
// checkout: with background statements queued, one of them took the connection at every gap of that sequence
// and the request waited once per statement (~14 per request). So after a request's statement the connection
// is kept for requests for REQUEST_GRACE_MS (the gap before the same request's next statement is < 1.5 ms in
// 9 of 10 cases); background statements get it when requests leave a longer gap, or once they waited
// BACKGROUND_MAX_WAIT_MS (the share that keeps ingestion going under a steady stream of requests: at 25 ms the
// bench:ingest-load client, which leaves no pause, still lets ~170 documents/min through, at 50 ms ~100).
// Prisma does not run a query in its caller's async context, so the pool cannot tell who asks: each kind of
// work has its own Prisma client on its own lane of the pool (`lane`), and `db()` picks the client from the
// caller's context (lib/db/client.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

const background = new AsyncLocalStorage<true>();

/** A background waiter is served before newer requests once it waited this long. */
export const BACKGROUND_MAX_WAIT_MS = 25;

/** After a request's statement, how long the connection waits for another request before background work. */
export const REQUEST_GRACE_MS = 2;

/** Cumulative figures of the connection's queue (benchmarks read them). */
export interface ConnectionStats {
  requestCheckouts: number;
  /** Total time requests' checkouts waited for the connection, in ms. */
  requestWaitMs: number;
  backgroundCheckouts: number;
  /** Total time background checkouts held the connection, in ms. */
  backgroundHoldMs: number;
}

/** Runs `fn` as background work: its database checkouts yield to requests. */
export function runAsBackground<T>(fn: () => T): T {
  return background.run(true, fn);
}

export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

interface Waiter {
  background: boolean;
  since: number;
  go: () => void;
}

/**
 * A one-connection pool whose queue serves requests first (see above). `pool.query` and Prisma's adapter
 * both check out through `connect`, so every statement and transaction passes the gate.
 */
export class PriorityPool extends pg.Pool {
  /** A background waiter is served before newer requests once it waited this long (tests shorten it). */
  backgroundMaxWaitMs = BACKGROUND_MAX_WAIT_MS;
  /** How long the connection stays with requests after a request's statement (tests change it). */
  requestGraceMs = REQUEST_GRACE_MS;
  readonly stats: ConnectionStats = { requestCheckouts: 0, requestWaitMs: 0, backgroundCheckouts: 0, backgroundHoldMs: 0 };

  private busy = false;
  /** Pending while the connection is kept for requests after a request's statement. */
  private grace: NodeJS.Timeout | undefined;
  private readonly waiters: Waiter[] = [];
  /** Checkouts served so far, in order (tests read it). */
  served: ("background" | "request")[] = [];

  /**
   * The pool seen by one kind of work: the same connection and queue, every checkout of that priority
   * (Object.create keeps it a pg.Pool for Prisma's adapter and shares all state with this pool).
   */
  lane(background: boolean): pg.Pool {
    const view = Object.create(this) as PriorityPool;
    view.connect = ((callback?: ConnectCallback) => this.connectAs(background, callback)) as PriorityPool["connect"];
    return view;
  }

  // pg-pool's own `query` calls connect with a callback; Prisma's adapter uses the promise form.
  connect(): Promise<pg.PoolClient>;
  connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    return this.connectAs(isBackgroundWork(), callback);
  }

  private connectAs(isBackground: boolean, callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const checkout = this.checkout(isBackground);
    if (!callback) return checkout;
    checkout.then(
      (client) => callback(undefined, client, (err?: unknown) => client.release(err as Error | undefined)),
      (err: Error) => callback(err, undefined, () => undefined),
    );
    return undefined;
  }

  private async checkout(isBackground: boolean): Promise<pg.PoolClient> {
    const asked = performance.now();
    await this.enter(isBackground);
    const entered = performance.now();
    if (isBackground) this.stats.backgroundCheckouts++;
    else {
      this.stats.requestCheckouts++;
      this.stats.requestWaitMs += entered - asked;
    }
    this.served.push(isBackground ? "background" : "request");
    if (this.served.length > 1000) this.served = this.served.slice(-100);
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (err) {
      this.leave(false);
      throw err;
    }
    // pg-pool gives every checkout a release function of its own: wrap this one to open the gate. A client
    // released with an error is closed and replaced: the gate opens once it is gone, as the one-connection
    // socket server refuses a second connection while the first is still open.
    const release = client.release;
    let released = false;
    client.release = (err?: Error | boolean) => {
      if (released) return release.call(client, err);
      released = true;
      if (isBackground) this.stats.backgroundHoldMs += performance.now() - entered;
      const result = release.call(client, err);
      if ((this as unknown as { _clients: pg.PoolClient[] })._clients.includes(client)) this.leave(!isBackground);
      else {
        const onRemove = (removed: pg.PoolClient) => {
          if (removed !== client) return;
          this.off("remove", onRemove);
          this.leave(!isBackground);
        };
        this.on("remove", onRemove);
      }
      return result;
    };
    return client;
  }

  private enter(isBackground: boolean): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    if (!isBackground && this.grace) {
      // The connection was being kept for a request: this one takes it.
      clearTimeout(this.grace);
      this.grace = undefined;
      return Promise.resolve();
    }
    return new Promise((go) => this.waiters.push({ background: isBackground, since: Date.now(), go }));
  }

  private leave(afterRequest: boolean): void {
    const now = Date.now();
    let next = this.waiters.findIndex((w) => w.background && now - w.since >= this.backgroundMaxWaitMs);
    if (next < 0) next = this.waiters.findIndex((w) => !w.background);
    if (next < 0 && afterRequest && this.waiters.length && this.requestGraceMs > 0) {
      // Only background work waits: keep the connection a moment for the request's next statement.
      this.grace = setTimeout(() => {
        this.grace = undefined;
        this.leave(false);
      }, this.requestGraceMs);
      return;
    }
    if (next < 0) next = this.waiters.length ? 0 : -1;
    if (next < 0) {
      this.busy = false;
      return;
    }
    const [waiter] = this.waiters.splice(next, 1);
    waiter.go();
  }
}
