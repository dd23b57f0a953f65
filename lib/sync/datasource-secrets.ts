// Datasource secrets at rest: one JSON object sealed like the LDAP bind password (AES-256-GCM, key derived
// from SECRET_KEY, lib/auth/secret-box.ts), bound to its workspace so a sealed value cannot be moved to
// another. Write-only: nothing returns them to a client.
import { open, seal } from "@/lib/auth/secret-box";
import { encryptionKey } from "@/lib/auth/secrets";

const KEY_PURPOSE = "datasource secrets";
const aad = (companyId: number, workspaceId: number) => `datasource:${companyId}:${workspaceId}`;

export function sealSecrets(companyId: number, workspaceId: number, secrets: Record<string, unknown>): string | null {
  if (!Object.keys(secrets).length) return null;
  return seal(JSON.stringify(secrets), encryptionKey(KEY_PURPOSE), aad(companyId, workspaceId));
}

export function openSecrets(companyId: number, workspaceId: number, sealed: string | null): Record<string, unknown> {
  if (!sealed) return {};
  try {
    return JSON.parse(open(sealed, encryptionKey(KEY_PURPOSE), aad(companyId, workspaceId))) as Record<string, unknown>;
  } catch {
    // Typically SECRET_KEY changed since the secrets were stored: an admin must enter them again.
    throw new Error(`The datasource secrets of workspace ${workspaceId} cannot be decrypted (SECRET_KEY changed?); enter them again.`);
  }
}
