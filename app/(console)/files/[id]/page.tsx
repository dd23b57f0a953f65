// One file: Markdown, preview (?page=N opens it at that page), tags and classification.
import { notFound } from "next/navigation";
import { FileDetail } from "@/components/files/file-detail";

export const metadata = { title: "File — DocIntel" };

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ page?: string | string[] }>;
}) {
  const { id } = await params;
  const { page } = await searchParams;
  const fileId = Number(id);
  if (!/^\d+$/.test(id) || fileId < 1 || fileId > 2147483647) notFound();
  const pageNo = Number.parseInt(Array.isArray(page) ? page[0] : (page ?? ""), 10);
  return <FileDetail fileId={fileId} page={pageNo > 0 ? pageNo : undefined} />;
}
