// Finding what a sitehost datasource reads: the site (by id, by hostname:/path, by URL, or by search), its
// document libraries (drives; optionally one by name) and the folder each is read from. Failures become the
// spec's codes with the step that failed: a site, library or folder that does not exist or that the app may
// not read → 400 sitehost_site_not_found; a refused token or an unreachable Graph → datasource_connection_failed.
import type { TSitehostSettings } from "@/lib/contracts/datasource-sitehost";
import { AppError } from "@/lib/errors";
import { type Drive, type DriveItem, GraphFailure, type Site, type SitehostGraph } from "./graph";

export interface ResolvedDrive {
  id: string;
  name: string;
  /** The folder the drive is read from (its root's id, or folder_path's). */
  scope: string;
  /** Whether `scope` is the drive's root. */
  atRoot: boolean;
  webUrl?: string;
}

export interface ResolvedSite {
  site: Site;
  drives: ResolvedDrive[];
}

const PERMISSION_HINT = "grant the app registration the application permissions Sites.Read.All and Files.Read.All with admin consent";

/** Maps a Graph failure while reading `what` to the spec's codes. */
export function graphError(err: unknown, what: string): Error {
  if (err instanceof AppError) return err;
  if (!(err instanceof GraphFailure)) return err as Error;
  const why = `${err.code}: ${err.message}`.slice(0, 400);
  if (err.status === 404 || (err.status === 400 && /invalidRequest|itemNotFound/i.test(err.code))) {
    return new AppError(
      "sitehost_site_not_found",
      `Not found: ${what} does not exist or is not visible to the app (${why}); check site_id or site_name and the tenant.`,
    );
  }
  if (err.status === 403) return new AppError("sitehost_site_not_found", `Permission: the app may not read ${what} (${why}); ${PERMISSION_HINT}.`);
  if (err.status === 401) return new AppError("datasource_connection_failed", `Token: Graph refused the app's token for ${what} (${why}).`);
  return new AppError("datasource_connection_failed", `Graph: reading ${what} failed (${err.status ? `HTTP ${err.status} ` : ""}${why}).`);
}

/** `contoso.sharepoint.com:/sites/x`, `https://contoso.sharepoint.com/sites/x`, `contoso.sharepoint.com/sites/x` → host and path. */
export function parseSiteName(name: string): { host: string; path: string } | null {
  const trimmed = name.trim();
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      const u = new URL(trimmed);
      return { host: u.hostname, path: decodeURIComponent(u.pathname).replace(/^\/+|\/+$/g, "") };
    } catch {
      return null;
    }
  }
  const m = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::?\/(.*))?$/i.exec(trimmed);
  if (!m) return null;
  return { host: m[1]!.toLowerCase(), path: (m[2] ?? "").replace(/^\/+|\/+$/g, "") };
}

const encodePath = (p: string) =>
  p
    .split("/")
    .filter(Boolean)
    .map((s) => encodeURIComponent(s))
    .join("/");

async function findSite(graph: SitehostGraph, s: TSitehostSettings): Promise<Site> {
  if (s.site_id) {
    try {
      return await graph.get<Site>(`/sites/${encodeURIComponent(s.site_id)}`);
    } catch (err) {
      throw graphError(err, `the site ${s.site_id}`);
    }
  }
  const name = s.site_name!;
  const parsed = parseSiteName(name);
  if (parsed) {
    const path = parsed.path ? `/sites/${parsed.host}:/${encodePath(parsed.path)}` : `/sites/${parsed.host}`;
    try {
      return await graph.get<Site>(path);
    } catch (err) {
      throw graphError(err, `the site ${name}`);
    }
  }
  let found: { value: Site[] };
  try {
    found = await graph.get<{ value: Site[] }>(`/sites?search=${encodeURIComponent(name)}`);
  } catch (err) {
    throw graphError(err, `a search for the site "${name}"`);
  }
  const lower = name.toLowerCase();
  const exact = found.value.filter((x) => x.displayName?.toLowerCase() === lower || x.name?.toLowerCase() === lower);
  const candidates = exact.length ? exact : found.value;
  const [only] = candidates;
  if (candidates.length === 1 && only) return only;
  const names = candidates.map((x) => x.webUrl ?? x.displayName ?? x.id).slice(0, 5);
  throw new AppError(
    "sitehost_site_not_found",
    candidates.length
      ? `Not found: "${name}" matches ${candidates.length} sites (${names.join(", ")}); give site_name as hostname:/sites/path or site_id.`
      : `Not found: no site matches "${name}"; check site_name (e.g. contoso.sharepoint.com:/sites/Marketing) and the tenant.`,
  );
}

async function listDrives(graph: SitehostGraph, site: Site): Promise<Drive[]> {
  const drives: Drive[] = [];
  let link: string | undefined = `/sites/${encodeURIComponent(site.id)}/drives`;
  for (let page = 0; link && page < 100; page++) {
    let answer: { value: Drive[]; "@odata.nextLink"?: string };
    try {
      answer = await graph.get(link);
    } catch (err) {
      throw graphError(err, `the document libraries of ${site.webUrl ?? site.id}`);
    }
    drives.push(...answer.value);
    link = answer["@odata.nextLink"];
  }
  return drives.filter((d) => !d.driveType || d.driveType === "documentLibrary");
}

/** The site, its libraries and their scope folders; throws the spec's codes naming the step that failed. */
export async function resolveSite(graph: SitehostGraph, s: TSitehostSettings): Promise<ResolvedSite> {
  const site = await findSite(graph, s);
  let drives = await listDrives(graph, site);
  if (s.library) {
    const wanted = s.library.toLowerCase();
    const all = drives;
    drives = all.filter((d) => d.name?.toLowerCase() === wanted || d.id === s.library);
    if (!drives.length) {
      throw new AppError(
        "sitehost_site_not_found",
        `Not found: the site has no document library "${s.library}" (libraries: ${all.map((d) => d.name).join(", ") || "none"}).`,
      );
    }
  }
  if (!drives.length) throw new AppError("sitehost_site_not_found", `Not found: the site ${site.webUrl ?? site.id} has no document library.`);
  const resolved: ResolvedDrive[] = [];
  for (const d of drives) {
    const target = s.folder_path
      ? `/drives/${encodeURIComponent(d.id)}/root:/${encodePath(s.folder_path)}`
      : `/drives/${encodeURIComponent(d.id)}/root`;
    let item: DriveItem;
    try {
      item = await graph.get<DriveItem>(target);
    } catch (err) {
      // Without a library named, a folder that only some libraries have reads those.
      if (s.folder_path && !s.library && err instanceof GraphFailure && err.status === 404) continue;
      throw graphError(err, s.folder_path ? `the folder ${s.folder_path} of the library ${d.name}` : `the library ${d.name}`);
    }
    if (!item.folder && !item.root)
      throw new AppError("sitehost_site_not_found", `Not found: ${s.folder_path} in ${d.name} is a file, not a folder.`);
    resolved.push({ id: d.id, name: d.name ?? d.id, scope: item.id, atRoot: !!item.root, webUrl: d.webUrl });
  }
  if (!resolved.length) throw new AppError("sitehost_site_not_found", `Not found: no document library of the site has the folder ${s.folder_path}.`);
  return { site, drives: resolved };
}
