// The help center the servicedesk tests share: agents (an admin, an agent, one without Help Center access),
// sections in two categories, article translations (published, draft, archived) and attachments of supported,
// unsupported and inline types, seeded into a fake Zendesk (tests/sync/fake-zendesk.ts).
import type { FakeTicket, FakeZendesk } from "./fake-zendesk";
import { tinyPdf } from "./local-site";

export const ADMIN = "ada@acme.test";
export const AGENT = "andy@acme.test";
export const NO_GUIDE = "nora@acme.test";

export function seedAcmeHelpCenter(zd: FakeZendesk): void {
  zd.agents.set(ADMIN, { id: 1, name: "Ada Admin", token: "tok-admin", role: "admin" });
  zd.agents.set(AGENT, { id: 2, name: "Andy Agent", token: "tok-agent", role: "agent" });
  zd.agents.set(NO_GUIDE, { id: 3, name: "Nora", token: "tok-nora", role: "agent", noHelpCenter: true });
  zd.users.set(1, "Ada Admin");
  zd.users.set(10, "Carla Customer");
  zd.sections.push({ id: 100, category_id: 10 }, { id: 200, category_id: 20 });
  zd.articlesPageSize = 3;
  zd.addArticle({
    id: 1,
    title: "Reset your password",
    body: "<p>Click <b>Forgot password</b> on the sign-in page.</p>",
    section_id: 100,
    label_names: ["account"],
  });
  zd.addArticle({ id: 1, locale: "de", title: "Passwort zurücksetzen", body: "<p>Klicken Sie auf <b>Passwort vergessen</b>.</p>", section_id: 100 });
  zd.addArticle({ id: 2, title: "Billing FAQ", body: "<p>Invoices are sent monthly.</p>", section_id: 200, label_names: ["billing"] });
  zd.addArticle({ id: 4, title: "Unfinished draft", body: "<p>Not published.</p>", section_id: 100, draft: true });
  zd.addArticle({ id: 5, title: "Old product", body: "<p>Archived.</p>", section_id: 100, archived: true });
  zd.addArticle({ id: 6, title: "Shipping times", body: "<p>Parcels ship within two days.</p>", section_id: 100 });
  zd.addArticle({ id: 7, title: "Returns policy", body: "<p>Returns within 30 days.</p>", section_id: 200 });
  zd.addArticle({ id: 8, title: "Warranty", body: "<p>Two years of warranty.</p>", section_id: 100, label_names: ["account"] });
  zd.attachments.push(
    { id: 901, article_id: 1, file_name: "manual.pdf", content_type: "application/pdf", content: tinyPdf("Password manual for Acme") },
    { id: 902, article_id: 1, file_name: "screenshot.png", content_type: "image/png", inline: true, content: Buffer.from("not really a png") },
    { id: 903, article_id: 1, file_name: "logs.zip", content_type: "application/zip", content: Buffer.from("PK") },
    { id: 904, article_id: 6, file_name: "checklist.txt", content_type: "application/octet-stream", content: Buffer.from("1. Pack\n2. Label\n") },
  );
}

/** A ticket with comments given as [public, text]; authors alternate between a customer (10) and the admin (1). */
export function addTicket(zd: FakeZendesk, id: number, subject: string, status: FakeTicket["status"], comments: [boolean, string][]): void {
  zd.tickets.set(id, {
    id,
    subject,
    status,
    updated: zd.tick(),
    comments: comments.map(([pub, body], i) => ({ id: id * 10 + i, public: pub, body, author_id: i % 2 ? 1 : 10 })),
  });
}
