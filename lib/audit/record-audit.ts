// Audit trail of security-relevant actions (logins, provisioning, permission and key changes).
import type { Principal } from "@/lib/auth/principal";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";

export interface AuditInput {
  principal?: Principal | null;
  companyId?: number | null;
  userId?: number | null;
  action: string;
  method?: string;
  metadata?: Prisma.InputJsonValue;
  ip?: string;
}

export async function recordAudit(input: AuditInput, client: Prisma.TransactionClient = db()): Promise<void> {
  await client.auditLog.create({
    data: {
      companyId: input.companyId ?? input.principal?.companyId ?? null,
      userId: input.userId ?? input.principal?.user.id ?? null,
      apiKeyId: input.principal?.apiKey?.id ?? null,
      action: input.action,
      method: input.method ?? (input.principal ? input.principal.kind : null),
      metadata: input.metadata ?? {},
      ip: input.ip ?? null,
    },
  });
}
