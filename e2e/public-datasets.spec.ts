// Public datasets in Chromium (issue 20): the bootstrap instance admin opts its company in and takes the
// public-dataset management permission on the Admin page, publishes a dataset on the "Public datasets" page and
// fills it through the API; without the permission the same page is read-only for the opted-in company's admin,
// whose Files page lists the dataset's document; opted out, the navigation entry is gone and the page is a 404.
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { signIn } from "./helpers";
import { ARTIFACTS_DIR, E2E_ADMIN, readServer } from "./server";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const DATASET = `Wind energy corpus ${run}`;
const FILENAME = `turbine-manual-${run}.txt`;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });

function auth() {
  return { Authorization: `Bearer ${readServer().apiKey}` };
}

async function myUserId(request: APIRequestContext): Promise<number> {
  const res = await request.get(`${readServer().baseURL}/api/v3/auth/session`, { headers: auth() });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).user.id as number;
}

async function datasetId(request: APIRequestContext): Promise<number | undefined> {
  const res = await request.get(`${readServer().baseURL}/api/v3/workspaces?is_public=true&page_size=500`, { headers: auth() });
  const body = await res.json();
  return body.results?.find((w: { name: string }) => w.name === DATASET)?.id;
}

async function adminSection(page: Page) {
  await page.goto(`${readServer().baseURL}/admin`);
  return page.getByRole("region", { name: "Public datasets" });
}

test.afterAll(async ({ request }) => {
  // Leave the instance as found: the permission back for the clean-up, the dataset deleted, the opt-in off.
  const { baseURL, companyId } = readServer();
  const userId = await myUserId(request);
  await request.put(`${baseURL}/api/v3/public-datasets/managers/${userId}`, { headers: auth() });
  const id = await datasetId(request);
  if (id) await request.delete(`${baseURL}/api/v3/workspaces/${id}?force=true`, { headers: auth() });
  await request.delete(`${baseURL}/api/v3/public-datasets/managers/${userId}`, { headers: auth() });
  await request.patch(`${baseURL}/api/v3/companies/${companyId}`, { headers: auth(), data: { public_datasets: false } });
});

test("an instance admin opts the company in, manages and publishes a dataset; without the permission it is read-only; opted out it is gone", async ({
  page,
  request,
}) => {
  const { baseURL } = readServer();
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  // Neither opted in nor a manager: nothing hints that public datasets exist.
  await expect(nav.getByRole("link", { name: "Public datasets" })).toHaveCount(0);
  expect((await page.goto(`${baseURL}/public-datasets`))?.status()).toBe(404);

  let section = await adminSection(page);
  await section.getByRole("checkbox", { name: "E2E Company reads public datasets" }).check();
  await expect(page.getByTestId("admin-announcer")).toHaveText("E2E Company now reads public datasets.");
  await expect(section.getByTestId("company-row").filter({ hasText: "E2E Company" })).toContainText("Opted in");
  const me = section.getByTestId("manager-row").filter({ hasText: E2E_ADMIN.email });
  await me.getByRole("checkbox").check();
  await expect(page.getByTestId("admin-announcer")).toContainText("now manages public datasets");
  await section.scrollIntoViewIfNeeded();
  await shot(page, "public-datasets-admin");

  await page.reload();
  await nav.getByRole("link", { name: "Public datasets" }).click();
  await expect(page.getByRole("heading", { name: "Public datasets", level: 1 })).toBeVisible();
  await page.getByLabel("Dataset name").fill(DATASET);
  await page.getByLabel("Description").fill("Maintenance manuals of wind turbines, for every opted-in company.");
  await page.getByRole("button", { name: "Publish dataset" }).click();
  await expect(page.getByTestId("public-datasets-announcer")).toHaveText(`Dataset “${DATASET}” published.`);
  const card = page.getByTestId("public-dataset").filter({ hasText: DATASET });
  await expect(card).toContainText("You manage it");
  await expect(card).toContainText("0 documents");

  const id = await datasetId(request);
  expect(id).toBeDefined();
  const upload = await request.post(`${baseURL}/api/v3/files`, {
    headers: auth(),
    multipart: {
      file: { name: FILENAME, mimeType: "text/plain", buffer: Buffer.from("Gearbox lubrication every six months; blade inspection after storms.") },
      workspace_id: String(id),
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await page.reload();
  await expect(card).toContainText("1 document");
  await shot(page, "public-datasets-manager");

  // Without the permission the opted-in company's admin reads the dataset and cannot change it.
  section = await adminSection(page);
  await section.getByTestId("manager-row").filter({ hasText: E2E_ADMIN.email }).getByRole("checkbox").uncheck();
  await expect(page.getByTestId("admin-announcer")).toContainText("no longer manages public datasets");
  await page.goto(`${baseURL}/public-datasets`);
  await expect(card).toContainText("Read-only");
  await expect(page.getByRole("button", { name: "Publish dataset" })).toHaveCount(0);
  await expect(card.getByRole("link", { name: `Manage ${DATASET}` })).toHaveCount(0);
  await shot(page, "public-datasets-reader");
  // The console session reads the dataset and is refused the delete; the company-scoped key does not see it.
  const fileId = (await upload.json()).id as number;
  const status = await page.evaluate(
    async (ids) =>
      (await fetch("/api/v3/files/bulk-delete", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ids }) }))
        .status,
    [fileId],
  );
  expect(status).toBe(403);
  const hidden = await request.post(`${baseURL}/api/v3/files/bulk-delete`, { headers: auth(), data: { ids: [fileId] } });
  expect(hidden.status()).toBe(404);

  await card.getByRole("link", { name: `Browse the files of ${DATASET}` }).click();
  await expect(page).toHaveURL(new RegExp(`/files\\?workspace_id=${id}`));
  await expect(page.getByText(FILENAME.replace(/\.txt$/, "")).first()).toBeVisible();
  await shot(page, "public-datasets-files");

  // Opted out: the entry is gone and the page does not exist.
  section = await adminSection(page);
  await section.getByRole("checkbox", { name: "E2E Company reads public datasets" }).uncheck();
  await expect(page.getByTestId("admin-announcer")).toHaveText("E2E Company no longer reads public datasets.");
  await page.reload();
  await expect(nav.getByRole("link", { name: "Public datasets" })).toHaveCount(0);
  expect((await page.goto(`${baseURL}/public-datasets`))?.status()).toBe(404);
});
