// Files: upload, filtered list with live ingestion statuses (components/files/files-page.tsx).
import { FilesPage } from "@/components/files/files-page";
import { filtersFromParams } from "@/lib/client/file-filters";

export const metadata = { title: "Files — DocIntel" };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <FilesPage initial={filtersFromParams(await searchParams)} />;
}
