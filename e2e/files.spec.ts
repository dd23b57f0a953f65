// Files and content types in the console: upload several documents at once and watch them reach
// `embedded`, read one (Markdown, preview at a page), adopt a starter template, edit the schema, classify a
// file and set attribute values.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { signIn } from "./helpers";
import { ARTIFACTS_DIR, readServer } from "./server";

test.describe.configure({ mode: "serial" });

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, name), fullPage: true });

let dir: string;
let invoiceId: number;
let reportId: number;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "docintel-e2e-files-"));
  fs.writeFileSync(
    path.join(dir, "invoice-e2e.md"),
    "# Invoice INV-2026-0042\n\nSupplier: Acme Tools GmbH\n\n| Item | Amount |\n|---|---|\n| Torque wrench | 1,234.50 EUR |\n\nPayment due within 30 days.\n<script>window.__injected = true</script>\n",
  );
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of ["Quarterly report, page one: revenue grew in every region.", "Page two: outlook and risks for the next quarter."]) {
    pdf.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font });
  }
  fs.writeFileSync(path.join(dir, "report-e2e.pdf"), await pdf.save());
});

test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("several files uploaded at once reach `embedded` in the list", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Files" }).click();
  await expect(page.getByRole("heading", { name: "Files", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Workspace").first()).toHaveValue(/\d+/); // the default workspace is preselected

  await page.getByLabel("Files to upload").setInputFiles([path.join(dir, "invoice-e2e.md"), path.join(dir, "report-e2e.pdf")]);
  await expect(page.getByTestId("upload-item")).toHaveCount(2);
  await expect(page.locator('[data-testid="upload-item"][data-state="done"]')).toHaveCount(2, { timeout: 60_000 });
  await expect(page.getByRole("progressbar", { name: "Upload of invoice-e2e.md" })).toHaveAttribute("value", "100");

  const invoiceRow = page.getByTestId("file-row").filter({ hasText: "invoice-e2e.md" });
  const reportRow = page.getByTestId("file-row").filter({ hasText: "report-e2e.pdf" });
  // No reload: the list polls while a file is being ingested.
  await expect(invoiceRow.locator("[data-status]")).toHaveAttribute("data-status", "embedded", { timeout: 180_000 });
  await expect(reportRow.locator("[data-status]")).toHaveAttribute("data-status", "embedded", { timeout: 180_000 });
  await expect(invoiceRow.getByText("Ready")).toBeVisible();
  invoiceId = Number(await invoiceRow.getAttribute("data-file-id"));
  reportId = Number(await reportRow.getAttribute("data-file-id"));
  await shot(page, "files-list.png");

  // Filters go to the API: an extension filter leaves the PDF only, and lives in the address bar.
  await page.getByLabel("Extensions").fill("pdf");
  await expect(invoiceRow).toHaveCount(0);
  await expect(reportRow).toHaveCount(1);
  await expect(page).toHaveURL(/extension=pdf/);
  await page.getByLabel("Sort by").selectOption("title");
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(invoiceRow).toHaveCount(1);
  await expect(reportRow).toHaveCount(1);

  // Drag and drop onto the zone uploads too.
  const drop = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(["Dropped notes: nothing to declare."], "dropped-e2e.txt", { type: "text/plain" }));
    return dt;
  });
  await page.getByTestId("upload-dropzone").dispatchEvent("drop", { dataTransfer: drop });
  await expect(page.getByTestId("upload-item").filter({ hasText: "dropped-e2e.txt" })).toHaveAttribute("data-state", "done", { timeout: 30_000 });
  await expect(page.getByTestId("file-row").filter({ hasText: "dropped-e2e.txt" })).toHaveCount(1);
});

test("the detail page shows the Markdown safely and the preview at a page", async ({ page }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.goto(`${baseURL}/files`);
  await page.getByRole("link", { name: "invoice-e2e", exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/files/${invoiceId}`);
  const md = page.getByTestId("file-markdown");
  await expect(md.getByRole("heading", { name: "Invoice INV-2026-0042" })).toBeVisible();
  await expect(md.getByRole("table")).toContainText("Torque wrench");
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  await expect(page.locator("[data-status]").first()).toHaveAttribute("data-status", "embedded");
  await shot(page, "file-detail.png");

  // A link with ?page=N opens the PDF preview at that page.
  await page.goto(`${baseURL}/files/${reportId}?page=2`);
  await expect(page.getByRole("tab", { name: "Preview" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTitle("Preview of report-e2e")).toHaveAttribute("src", new RegExp(`/api/v3/files/${reportId}/preview#page=2$`), {
    timeout: 60_000,
  });
  await shot(page, "file-preview.png");
  await page.getByRole("tab", { name: "Markdown" }).click();
  await expect(page.locator("#page-2")).toContainText("outlook and risks");
  await expect(page.getByRole("img", { name: "First page of report-e2e" })).toBeVisible({ timeout: 30_000 });
});

test("adopt a starter template and add an attribute with choices", async ({ page }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.goto(`${baseURL}/content-types`);
  await expect(page.getByText("No content types yet")).toBeVisible();
  const finance = page.locator('[data-template="finance"]');
  await finance.getByRole("checkbox", { name: /^Finance/ }).check();
  await page.getByRole("button", { name: "Adopt 1 selected" }).click();
  await expect(page.getByText("Adopted: the content types are below.")).toBeVisible();
  await expect(finance.getByText("Adopted").first()).toBeVisible();

  const tree = page.getByRole("navigation", { name: "Content type tree" });
  await tree.locator('[data-path="finance:invoice"]').click();
  await expect(page.getByRole("heading", { name: "Invoice", level: 2 })).toBeVisible();
  await expect(page.getByTestId("attribute-row").filter({ hasText: "invoice_number" })).toContainText("Required");
  await expect(page.getByTestId("attribute-row").filter({ hasText: "fiscal_year" })).toContainText("from finance");

  await page.getByRole("button", { name: "Add attribute" }).click();
  const form = page.getByRole("form", { name: "New attribute" });
  await form.getByLabel("Name").fill("review_flags");
  await form.getByLabel("Type").selectOption("multi-select");
  await form.getByLabel("Label").fill("Review flags");
  await form.getByLabel("Choices").fill("duplicate\nlate\ndisputed");
  await form.getByRole("button", { name: "Add attribute" }).click();
  await expect(page.getByTestId("attribute-row").filter({ hasText: "review_flags" })).toContainText("duplicate, late, disputed");
  await shot(page, "content-types.png");
});

test("classify a file and set attribute values of every input type", async ({ page }) => {
  const { baseURL } = readServer();
  await signIn(page);
  await page.goto(`${baseURL}/files/${invoiceId}`);
  await expect(page.getByText("Not classified yet.")).toBeVisible();
  await page.getByLabel("Classify under").selectOption("finance:invoice");
  await page.getByRole("button", { name: "Classify", exact: true }).click();
  const card = page.locator('[data-testid="classification"][data-path="finance:invoice"]');
  await expect(card.getByRole("heading", { name: "Finance › Invoice" })).toBeVisible();

  await card.getByLabel("Invoice number").fill("INV-2026-0042");
  await card.getByLabel("Total amount").fill("1234.5");
  await card.getByLabel("Currency").selectOption("EUR");
  await card.getByLabel("Invoice date").fill("2026-11-02");
  await card.getByLabel("Paid").selectOption("true");
  await card.getByLabel("Fiscal year").fill("2026");
  await card.getByRole("group", { name: "Review flags" }).getByLabel("late").check();
  await card.getByRole("button", { name: "Save values" }).click();
  await expect(card.getByText("Values saved.")).toBeVisible();

  const facets = await page.evaluate(async (id) => (await fetch(`/api/v3/files/${id}/facets`)).json(), invoiceId);
  const values = Object.fromEntries((facets.content_types[0].attributes as { name: string; value: unknown }[]).map((a) => [a.name, a.value]));
  expect(values).toMatchObject({
    invoice_number: "INV-2026-0042",
    amount: 1234.5,
    currency: "EUR",
    invoice_date: "2026-11-02",
    paid: true,
    fiscal_year: 2026,
    review_flags: ["late"],
  });

  await page.reload();
  await expect(page.locator('[data-testid="classification"][data-path="finance:invoice"]').getByLabel("Invoice number")).toHaveValue("INV-2026-0042");
  await shot(page, "file-facets.png");

  // The list shows the classification, and the content type counts the document.
  await page.goto(`${baseURL}/files`);
  await expect(page.getByTestId("file-row").filter({ hasText: "invoice-e2e.md" })).toContainText("Invoice");
  await page.goto(`${baseURL}/content-types`);
  await expect(page.locator('[data-path="finance:invoice"]')).toContainText("1");

  // Unclassify from the detail page.
  await page.goto(`${baseURL}/files/${invoiceId}`);
  await page.getByRole("button", { name: "Unclassify" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unclassify" }).click();
  await expect(page.getByText("Not classified yet.")).toBeVisible();
});
