// Politeness towards each host: robots.txt (parsed with robots-parser, fetched once per host and crawl pass
// through the same SSRF-guarded GET), its Crawl-delay, the configured delay between requests and the
// number of requests in flight per host.
import fs from "node:fs";
import robotsParser from "robots-parser";
import { removeQuietly } from "@/lib/storage/temp";
import { crawlGet } from "./http";

type Robot = ReturnType<typeof robotsParser>;

export interface RobotsRules {
  /** null when robots.txt could not be read for a reason that forbids crawling (5xx). */
  robot: Robot | null;
  /** Why crawling is refused when robot is null. */
  refusal: string | null;
  sitemaps: string[];
  crawlDelayMs: number;
}

const MAX_ROBOTS_BYTES = 512 * 1024;

export async function fetchRobots(origin: string, userAgent: string, signal?: AbortSignal): Promise<RobotsRules> {
  const url = new URL("/robots.txt", origin);
  const res = await crawlGet(url, {
    userAgent,
    signal,
    maxBytes: MAX_ROBOTS_BYTES,
    checkRedirect: (u) => (u.origin === url.origin ? null : "robots.txt moved to another host"),
  });
  if (res.kind === "ok" && res.path) {
    try {
      const text = await fs.promises.readFile(res.path, "utf8");
      const robot = robotsParser(url.href, text);
      const delay = robot.getCrawlDelay(userAgent);
      return { robot, refusal: null, sitemaps: robot.getSitemaps(), crawlDelayMs: delay ? Math.min(30_000, delay * 1000) : 0 };
    } finally {
      await removeQuietly(res.path);
    }
  }
  // 4xx: no robots.txt, everything allowed (as crawlers agree); 5xx or unreachable: nothing is (RFC 9309 2.3.1.4).
  if (res.kind === "status" && res.status >= 400 && res.status < 500)
    return { robot: robotsParser(url.href, ""), refusal: null, sitemaps: [], crawlDelayMs: 0 };
  const why = res.kind === "status" ? `HTTP ${res.status}` : res.kind === "not_modified" ? "HTTP 304" : res.kind === "ok" ? "empty" : res.reason;
  return { robot: null, refusal: `robots.txt of ${origin} could not be read (${why})`, sitemaps: [], crawlDelayMs: 0 };
}

/** Per-host gate: at most `concurrency` requests in flight, starts at least `delayMs` apart. */
export class HostGate {
  private readonly hosts = new Map<string, { inFlight: number; nextAt: number; waiters: (() => void)[] }>();

  constructor(
    private readonly concurrency: number,
    private readonly delayMs: (host: string) => number,
  ) {}

  async acquire(url: URL): Promise<() => void> {
    const host = url.host;
    let h = this.hosts.get(host);
    if (!h) this.hosts.set(host, (h = { inFlight: 0, nextAt: 0, waiters: [] }));
    const state = h;
    while (state.inFlight >= this.concurrency) await new Promise<void>((r) => state.waiters.push(r));
    state.inFlight++;
    const wait = state.nextAt - Date.now();
    state.nextAt = Math.max(Date.now(), state.nextAt) + this.delayMs(host);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      state.inFlight--;
      state.waiters.shift()?.();
    };
  }
}
