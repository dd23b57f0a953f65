import { createPublicKey, createVerify, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { DRIVE_SCOPE, parseServiceAccountKey, signAssertion } from "./auth";

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const keyJson = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: "service_account", client_email: "a@p.iam.gserviceaccount.com", private_key: pem, private_key_id: "k1", ...extra });

const refusal = (json: string) => {
  try {
    parseServiceAccountKey(json);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("datasource_connection_failed");
    return (err as AppError).detail;
  }
  throw new Error("accepted");
};

describe("filedrive service-account key", () => {
  it("refuses malformed keys with datasource_connection_failed saying why", () => {
    expect(refusal("{oops")).toMatch(/not valid JSON/);
    expect(refusal("[]")).toMatch(/not a JSON object/);
    expect(refusal(keyJson({ type: "authorized_user" }))).toMatch(/not "service_account"/);
    expect(refusal(keyJson({ client_email: undefined }))).toMatch(/client_email/);
    expect(refusal(keyJson({ private_key: "-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----" }))).toMatch(/not a readable PEM/);
  });

  it("signs an RS256 JWT-bearer assertion for the token endpoint it is sent to", () => {
    const key = parseServiceAccountKey(keyJson({ token_uri: "https://oauth2.example/token" }));
    expect(key.tokenUri).toBe("https://oauth2.example/token");
    const jwt = signAssertion(key, "https://oauth2.example/token", "user@example.com", Date.UTC(2026, 0, 1));
    const [h = "", p = "", sig = ""] = jwt.split(".");
    expect(JSON.parse(Buffer.from(h, "base64url").toString())).toEqual({ alg: "RS256", typ: "JWT", kid: "k1" });
    expect(JSON.parse(Buffer.from(p, "base64url").toString())).toEqual({
      iss: "a@p.iam.gserviceaccount.com",
      scope: DRIVE_SCOPE,
      aud: "https://oauth2.example/token",
      iat: Date.UTC(2026, 0, 1) / 1000,
      exp: Date.UTC(2026, 0, 1) / 1000 + 3600,
      sub: "user@example.com",
    });
    const ok = createVerify("RSA-SHA256").update(`${h}.${p}`).verify(createPublicKey(privateKey), Buffer.from(sig, "base64url"));
    expect(ok).toBe(true);
  });
});
