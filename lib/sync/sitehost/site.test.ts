import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { GraphFailure } from "./graph";
import { graphError, parseSiteName } from "./site";

describe("sitehost site names and Graph errors", () => {
  it("reads hostname:/path, URLs and host/path; a bare name is a search", () => {
    expect(parseSiteName("contoso.sharepoint.com:/sites/Marketing")).toEqual({ host: "contoso.sharepoint.com", path: "sites/Marketing" });
    expect(parseSiteName("https://Contoso.sharepoint.com/sites/Sales%20Team/")).toEqual({ host: "contoso.sharepoint.com", path: "sites/Sales Team" });
    expect(parseSiteName("contoso.sharepoint.com/teams/x")).toEqual({ host: "contoso.sharepoint.com", path: "teams/x" });
    expect(parseSiteName("contoso.sharepoint.com")).toEqual({ host: "contoso.sharepoint.com", path: "" });
    expect(parseSiteName("Marketing")).toBeNull();
    expect(parseSiteName("Marketing team")).toBeNull();
  });

  it("maps Graph statuses to the spec's codes, naming the step", () => {
    const code = (status: number, c = "x") => {
      const e = graphError(new GraphFailure(status, c, "m"), "the site S");
      return e instanceof AppError ? [e.code, e.detail.split(":")[0]] : ["plain"];
    };
    expect(code(404, "itemNotFound")).toEqual(["sitehost_site_not_found", "Not found"]);
    expect(code(403, "accessDenied")).toEqual(["sitehost_site_not_found", "Permission"]);
    expect(code(401)).toEqual(["datasource_connection_failed", "Token"]);
    expect(code(503)).toEqual(["datasource_connection_failed", "Graph"]);
    expect(code(0, "network")).toEqual(["datasource_connection_failed", "Graph"]);
  });
});
