// E-mail verification for password users: a random token in a link (only its SHA-256 is stored), valid for
// EMAIL_VERIFICATION_TTL_HOURS, single use. The link goes out through SMTP_URL when configured and is
// written to the log otherwise (embedded mode with no mail server). Directory users arrive verified.
import { recordAudit } from "@/lib/audit/record-audit";
import type { TVerificationSent, TVerifyEmailResult } from "@/lib/contracts/auth";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { linkTo, newLinkToken, replaceLinkToken, sendLinkMail, hashToken as sha256 } from "./link-mail";
import type { Principal } from "./principal";

const RESEND_INTERVAL_MS = 60_000;

export interface IssuedVerification {
  token: string;
  link: string;
  expiresAt: Date;
  delivery: "email" | "log";
}

/**
 * New token for `userId` (earlier ones stop working) and the link to `<origin>/verify-email?token=…`.
 * `origin`: APP_URL when configured, else the origin of the request that triggered it.
 */
export async function issueEmailVerification(userId: number, origin: string): Promise<IssuedVerification> {
  const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(Date.now() + env().EMAIL_VERIFICATION_TTL_HOURS * 3600_000);
  await replaceLinkToken(userId, async (tx) => {
    await tx.emailVerificationToken.deleteMany({ where: { userId, usedAt: null } });
    await tx.emailVerificationToken.create({ data: { userId, tokenHash, expiresAt } });
  });
  const link = linkTo(origin, "/verify-email", token);
  const delivery = await sendLinkMail({
    to: user.email,
    subject: "Confirm your e-mail address",
    intro: "Open this link to confirm your e-mail address:",
    link,
    expiresAt,
    purpose: "e-mail verification",
  });
  return { token, link, expiresAt, delivery };
}

/** POST /api/v3/auth/verify-email/resend: for the signed-in, still unverified user. */
export async function resendEmailVerification(p: Principal, origin: string): Promise<TVerificationSent> {
  if (p.user.emailVerified) throw new AppError("bad_request", "This e-mail address is already verified.");
  const last = await db().emailVerificationToken.findFirst({ where: { userId: p.user.id }, orderBy: { createdAt: "desc" } });
  if (last && Date.now() - last.createdAt.getTime() < RESEND_INTERVAL_MS) {
    const wait = Math.ceil((RESEND_INTERVAL_MS - (Date.now() - last.createdAt.getTime())) / 1000);
    throw new AppError("too_many_requests", `A link was sent less than a minute ago; retry in ${wait} s.`, { retryAfterSeconds: wait });
  }
  const issued = await issueEmailVerification(p.user.id, origin);
  return { email: p.user.email, expires_at: issued.expiresAt.toISOString(), delivery: issued.delivery };
}

/** POST /api/v3/auth/verify-email: marks the address verified and uses the token up. */
export async function verifyEmail(token: string): Promise<TVerifyEmailResult> {
  return db().$transaction(async (tx) => {
    const row = await tx.emailVerificationToken.findUnique({ where: { tokenHash: sha256(token) }, include: { user: true } });
    if (!row || row.usedAt || row.expiresAt <= new Date()) {
      throw new AppError("bad_request", "This verification link is invalid, already used or expired. Sign in and ask for a new one.");
    }
    // Conditional update: two clicks racing on the same link verify once.
    const used = await tx.emailVerificationToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (used.count !== 1) throw new AppError("bad_request", "This verification link was already used.");
    await tx.user.update({ where: { id: row.userId }, data: { emailVerified: true } });
    await recordAudit({ userId: row.userId, action: "E-mail verified", method: "email_link" }, tx);
    return { email: row.user.email, email_verified: true as const };
  });
}
