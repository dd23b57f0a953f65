// Tags belong to the company. Any company user may create one; changing or deleting a tag that other
// people's files carry is for company admins.
import type { z } from "zod";
import { isCompanyAdmin, requireCompanyScope } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import type { ZTagCreate, ZTagListQuery, ZTagUpdate } from "@/lib/contracts/tags";
import { db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import type { Prisma, Tag } from "@/lib/db/generated/client";
import { AppError, forbidden, notFound } from "@/lib/errors";
import { pageWindow } from "@/lib/pagination";

async function serializeTags(tags: Tag[]) {
  const counts = tags.length
    ? await db().fileTag.groupBy({ by: ["tagId"], where: { tagId: { in: tags.map((t) => t.id) } }, _count: { _all: true } })
    : [];
  return tags.map((t) => ({
    id: t.id,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
    name: t.name,
    description: t.description,
    auto_assign: t.autoAssign,
    document_count: counts.find((c) => c.tagId === t.id)?._count._all ?? 0,
  }));
}

const conflict = (name: string) => new AppError("conflict", `A tag named "${name}" already exists.`);

async function findTag(p: Principal, id: number): Promise<Tag> {
  const tag = await db().tag.findFirst({ where: { id, companyId: p.companyId } });
  if (!tag) throw notFound("Tag");
  return tag;
}

export async function listTags(p: Principal, query: z.output<typeof ZTagListQuery>) {
  const where: Prisma.TagWhereInput = {
    companyId: p.companyId,
    ...(query.auto_assign !== undefined ? { autoAssign: query.auto_assign } : {}),
    ...(query.name ? { name: { contains: query.name, mode: "insensitive" } } : {}),
  };
  const [count, rows] = await Promise.all([
    db().tag.count({ where }),
    db().tag.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(query) }),
  ]);
  return { count, results: await serializeTags(rows) };
}

export async function getTag(p: Principal, id: number) {
  return (await serializeTags([await findTag(p, id)]))[0];
}

export async function createTag(p: Principal, input: z.output<typeof ZTagCreate>) {
  requireCompanyScope(p);
  if (p.companyRole === "company_dpo") throw forbidden("Company DPOs have read-only access to tags.");
  try {
    const tag = await db().tag.create({
      data: {
        companyId: p.companyId,
        name: input.name,
        nameKey: input.name.toLowerCase(),
        description: input.description ?? "",
        autoAssign: input.auto_assign ?? false,
      },
    });
    return (await serializeTags([tag]))[0];
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(input.name);
    throw err;
  }
}

export async function updateTag(p: Principal, id: number, input: z.output<typeof ZTagUpdate>) {
  await findTag(p, id);
  if (!isCompanyAdmin(p)) throw forbidden("Only company admins may change tags.");
  try {
    const tag = await db().tag.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name, nameKey: input.name.toLowerCase() } : {}),
        description: input.description,
        autoAssign: input.auto_assign,
      },
    });
    return (await serializeTags([tag]))[0];
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(input.name ?? "");
    throw err;
  }
}

export async function deleteTag(p: Principal, id: number) {
  await findTag(p, id);
  if (!isCompanyAdmin(p)) throw forbidden("Only company admins may delete tags.");
  await db().tag.delete({ where: { id } });
}
