import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env";

describe("configuration", () => {
  it("runs embedded with no configuration at all", () => {
    const e = parseEnv({});
    expect(e.PORT).toBe(3000);
    expect(e.DATABASE_URL).toBeUndefined();
    expect(e.dataDir).toMatch(/\/data$/);
    expect(e.jobsRunner).toBe("local");
    expect(e.rateLimitStore).toBe("memory");
  });

  it("derives the job runner and rate-limit store from what is configured", () => {
    const e = parseEnv({ DATABASE_URL: "postgres://u@h/db", INNGEST_EVENT_KEY: "k" });
    expect(e.jobsRunner).toBe("inngest");
    expect(e.rateLimitStore).toBe("postgres");
    expect(parseEnv({ DATABASE_URL: "memory://" }).rateLimitStore).toBe("memory");
  });

  it("treats empty strings as unset and parses booleans", () => {
    expect(parseEnv({ PORT: "", IS_LDAP_ON: "True" })).toMatchObject({ PORT: 3000, IS_LDAP_ON: true });
    expect(parseEnv({ RATE_LIMIT_ENABLED: "0" }).RATE_LIMIT_ENABLED).toBe(false);
  });

  it("fails with a readable message naming every bad value", () => {
    let error: unknown;
    try {
      parseEnv({ PORT: "eighty", IS_LDAP_ON: "maybe", APP_URL: "not a url" });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("Invalid configuration");
    for (const key of ["PORT", "IS_LDAP_ON", "APP_URL"]) expect(message).toContain(key);
  });
});
