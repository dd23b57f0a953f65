// Housekeeping of ended sessions, used or expired reset tokens and long-ended invitations (hourly job).
import { describe, expect, it } from "vitest";
import { deleteEndedAccountRows } from "@/lib/auth/user-sessions";
import { db } from "@/lib/db/client";
import { seedCompany } from "../factories";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

describe("deleteEndedAccountRows", () => {
  it("deletes only what can no longer be used or is long over", async () => {
    const { companyId, admin } = await seedCompany();
    const userId = admin.userId;
    await db().userSession.createMany({
      data: [
        { id: "live", userId, companyId, expiresAt: ahead(DAY) },
        { id: "just-revoked", userId, companyId, expiresAt: ahead(DAY), revokedAt: ago(60_000) },
        { id: "long-revoked", userId, companyId, expiresAt: ahead(DAY), revokedAt: ago(2 * DAY) },
        { id: "long-expired", userId, companyId, expiresAt: ago(2 * DAY) },
      ],
    });
    await db().passwordResetToken.createMany({
      data: [
        { userId, tokenHash: "open", expiresAt: ahead(DAY) },
        { userId, tokenHash: "used", expiresAt: ahead(DAY), usedAt: ago(1000) },
        { userId, tokenHash: "expired", expiresAt: ago(1000) },
      ],
    });
    await db().invitation.createMany({
      data: [
        { companyId, email: "pending@x.test", tokenHash: "pending", expiresAt: ahead(DAY) },
        { companyId, email: "recent@x.test", tokenHash: "recent", expiresAt: ago(DAY) },
        { companyId, email: "old@x.test", tokenHash: "old", expiresAt: ago(40 * DAY) },
        { companyId, email: "accepted@x.test", tokenHash: "accepted", expiresAt: ahead(DAY), acceptedAt: ago(31 * DAY) },
      ],
    });
    expect(await deleteEndedAccountRows()).toBe(6);
    expect((await db().userSession.findMany({ orderBy: { id: "asc" } })).map((s) => s.id)).toEqual(["just-revoked", "live"]);
    expect((await db().passwordResetToken.findMany()).map((t) => t.tokenHash)).toEqual(["open"]);
    expect((await db().invitation.findMany({ orderBy: { id: "asc" } })).map((i) => i.tokenHash)).toEqual(["pending", "recent"]);
    expect(await deleteEndedAccountRows()).toBe(0);
  });
});
