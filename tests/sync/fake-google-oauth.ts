// The OAuth 2.0 side of the fake Google Drive: service accounts (an RSA key pair each; the JSON key is what the
// Cloud console hands out, token_uri pointing at the fake), the JWT-bearer grant (RFC 7523: the assertion's
// RS256 signature verified with the account's public key, audience, lifetime and scope checked, errors in
// Google's `{error, error_description}` shape) and access tokens that expire after `lifetimeSec`.
import { createVerify, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";

type Json = Record<string, unknown>;

export class FakeGoogleOAuth {
  lifetimeSec = 3600;
  issued = 0;
  private readonly accounts = new Map<string, KeyObject>();
  private readonly tokens = new Map<string, { email: string; expires: number }>();

  /** A service account the token endpoint knows; returns its JSON key. */
  addServiceAccount(tokenUrl: string, email = `sync-${this.accounts.size + 1}@fake-project.iam.gserviceaccount.com`): string {
    const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    this.accounts.set(email, publicKey);
    return JSON.stringify({
      type: "service_account",
      project_id: "fake-project",
      private_key_id: randomBytes(20).toString("hex"),
      private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      client_email: email,
      client_id: "1234567890",
      auth_uri: "https://accounts.google.com/o/oauth2/auth",
      token_uri: tokenUrl,
    });
  }

  /** The account an access token stands for, or null when unknown or expired. */
  session(token: string | undefined): string | null {
    const s = token ? this.tokens.get(token) : undefined;
    return s && s.expires > Date.now() ? s.email : null;
  }

  /** Every token issued so far stops working (revoked, or expired early). */
  revoke(): void {
    this.tokens.clear();
  }

  /** The token endpoint: the form body of a POST to `tokenUrl` → status and JSON answer. */
  grant(form: URLSearchParams, tokenUrl: string): { status: number; body: Json } {
    const refuse = (error: string, description: string) => ({ status: 400, body: { error, error_description: description } });
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return refuse("unsupported_grant_type", "Invalid grant_type.");
    const parts = (form.get("assertion") ?? "").split(".");
    const [head64 = "", claims64 = "", signature64 = ""] = parts;
    if (parts.length !== 3) return refuse("invalid_request", "Invalid JWT.");
    let header: Json;
    let claims: Json;
    try {
      header = JSON.parse(Buffer.from(head64, "base64url").toString());
      claims = JSON.parse(Buffer.from(claims64, "base64url").toString());
    } catch {
      return refuse("invalid_request", "Invalid JWT.");
    }
    const key = this.accounts.get(String(claims.iss));
    if (!key) return refuse("invalid_grant", "Invalid grant: account not found");
    const signed =
      header.alg === "RS256" && createVerify("RSA-SHA256").update(`${head64}.${claims64}`).verify(key, Buffer.from(signature64, "base64url"));
    if (!signed) return refuse("invalid_grant", "Invalid JWT Signature.");
    if (claims.aud !== tokenUrl) return refuse("invalid_grant", `Invalid JWT: the audience is not ${tokenUrl}.`);
    const now = Math.floor(Date.now() / 1000);
    const { exp, iat } = claims;
    if (typeof exp !== "number" || typeof iat !== "number" || exp <= now || iat > now + 60 || exp - iat > 3600) {
      return refuse("invalid_grant", "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.");
    }
    const scopes = String(claims.scope ?? "").split(" ");
    if (!scopes.some((s) => /\/auth\/drive(\.readonly)?$/.test(s))) return refuse("invalid_scope", "Invalid OAuth scope.");
    const token = `ya29.fake-${randomBytes(16).toString("hex")}`;
    this.tokens.set(token, { email: String(claims.iss), expires: Date.now() + this.lifetimeSec * 1000 });
    this.issued++;
    return { status: 200, body: { access_token: token, expires_in: this.lifetimeSec, token_type: "Bearer" } };
  }
}
