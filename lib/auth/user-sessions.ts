// Console sessions as rows: the session JWT carries the row's id (`sid`), and a session is live only while
// its row is neither revoked nor expired. This is what lets a user sign out of their other browsers, and a
// password change or reset end every session an attacker may hold, although the cookie itself is a JWT.
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import type { Prisma, UserSession } from "@/lib/db/generated/client";
import { env } from "@/lib/env";

type Tx = Prisma.TransactionClient;

export async function startUserSession(userId: number, companyId: number, userAgent: string | null): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + env().SESSION_MAX_AGE_HOURS * 3600_000);
  await db().userSession.create({ data: { id, userId, companyId, userAgent: (userAgent ?? "").slice(0, 500), expiresAt } });
  return id;
}

/** A session row that signs `userId` in now: not revoked, not expired. */
export function isLive(row: Pick<UserSession, "userId" | "revokedAt" | "expiresAt"> | null, userId: number): boolean {
  return !!row && row.userId === userId && !row.revokedAt && row.expiresAt > new Date();
}

/**
 * Ends every live session of `userId` except `keep` (the caller's own), only those in `companyId` when given;
 * returns how many were ended.
 */
export async function revokeSessions(userId: number, opts: { keep?: string | null; companyId?: number } = {}, tx: Tx = db()): Promise<number> {
  const r = await tx.userSession.updateMany({
    where: {
      userId,
      revokedAt: null,
      expiresAt: { gt: new Date() },
      ...(opts.keep ? { id: { not: opts.keep } } : {}),
      ...(opts.companyId ? { companyId: opts.companyId } : {}),
    },
    data: { revokedAt: new Date() },
  });
  return r.count;
}

/** Sign-out: the cookie is cleared by next-auth, the row is revoked so a copied cookie stops working too. */
export async function endUserSession(sessionId: string): Promise<void> {
  await db().userSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/**
 * Hourly housekeeping (inngest/functions/system-cleanup.ts): session rows a day after they expired or were
 * revoked, password-reset tokens once used or expired, and invitations 30 days after they ended (accepted,
 * revoked or expired). Returns how many rows were deleted.
 */
export async function deleteEndedAccountRows(now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  const sessions = await db().userSession.deleteMany({ where: { OR: [{ expiresAt: { lt: dayAgo } }, { revokedAt: { lt: dayAgo } }] } });
  const resets = await db().passwordResetToken.deleteMany({ where: { OR: [{ expiresAt: { lt: now } }, { usedAt: { not: null } }] } });
  const invitations = await db().invitation.deleteMany({
    where: { OR: [{ acceptedAt: { lt: monthAgo } }, { revokedAt: { lt: monthAgo } }, { expiresAt: { lt: monthAgo } }] },
  });
  return sessions.count + resets.count + invitations.count;
}
