// Links that prove control of a mailbox (e-mail verification, invitations, password resets): the token is
// random, only its SHA-256 is stored, and the link goes out through SMTP_URL when configured. Without a mail
// server (the embedded default) it is written to the server log, and `delivery: "log"` tells the caller so.
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export type LinkDelivery = "email" | "log";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/**
 * Makes `tokenHash` the user's one live link token of a kind: `replace` deletes the unused ones and stores the new
 * one. The user's row is locked first, so two requests at once (two app processes, a Postgres server's parallel
 * connections) cannot each delete before the other inserts and leave two live links.
 */
export async function replaceLinkToken(userId: number, replace: (tx: Prisma.TransactionClient) => Promise<unknown>): Promise<void> {
  await db().$transaction(async (tx) => {
    await tx.$executeRaw`select 1 from users where id = ${userId} for update`;
    await replace(tx);
  });
}

/** `<APP_URL or the request's origin>/<path>?token=…` */
export function linkTo(origin: string, path: string, token: string): string {
  return `${(env().APP_URL ?? origin).replace(/\/+$/, "")}${path}?token=${encodeURIComponent(token)}`;
}

export function linkDeliveryMode(): LinkDelivery {
  return env().SMTP_URL ? "email" : "log";
}

export interface LinkMail {
  to: string;
  subject: string;
  /** Plain-text body; the link and its expiry are appended. */
  intro: string;
  link: string;
  expiresAt: Date;
  /** What the link is for, in the log line when there is no SMTP server. */
  purpose: string;
}

export async function sendLinkMail(mail: LinkMail): Promise<LinkDelivery> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) {
    // Warn level: with no mail server the log is how the link reaches anyone, so it must not be filtered out.
    log.warn(`${mail.purpose} link (no SMTP_URL configured)`, { to: mail.to, link: mail.link, expiresAt: mail.expiresAt.toISOString() });
    return "log";
  }
  const nodemailer = await import("nodemailer");
  const transport = nodemailer.createTransport(SMTP_URL);
  await transport.sendMail({
    from: MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: `${mail.intro}\n\n${mail.link}\n\nThe link expires on ${mail.expiresAt.toUTCString()}.`,
  });
  return "email";
}
