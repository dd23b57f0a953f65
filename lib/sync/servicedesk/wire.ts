// The parts of Zendesk's JSON answers the connector reads (Help Center API and Support API). Fields the
// connector does not use are ignored; those it relies on are required, so a non-Zendesk host fails clearly.
import { z } from "zod";

const zId = z.number().int();
const zWhen = z.string();

export const ZMe = z.object({
  user: z.object({ id: zId.nullable(), role: z.string().nullable().optional(), email: z.string().nullable().optional() }),
});

export const ZArticle = z.object({
  id: zId,
  title: z.string().nullable().optional(),
  body: z.string().nullable().optional(),
  locale: z.string(),
  source_locale: z.string().optional(),
  section_id: zId.nullable().optional(),
  label_names: z.array(z.string()).optional(),
  draft: z.boolean().optional(),
  /** Set on archived articles (Zendesk's soft delete), which the incremental export still lists. */
  archived: z.boolean().optional(),
  html_url: z.string().nullable().optional(),
  updated_at: zWhen,
  edited_at: zWhen.nullable().optional(),
  created_at: zWhen.optional(),
});
export type ZendeskArticle = z.infer<typeof ZArticle>;

/** GET /api/v2/help_center/incremental/articles?start_time=… (time-based: next_page carries the next start time). */
export const ZArticleExport = z.object({
  articles: z.array(ZArticle),
  next_page: z.string().nullable().optional(),
  end_time: z.number().int().nullable().optional(),
  count: z.number().int().optional(),
});

export const ZArticleOne = z.object({ article: ZArticle });

export const ZAttachment = z.object({
  id: zId,
  file_name: z.string(),
  content_url: z.string(),
  content_type: z.string().nullable().optional(),
  size: z.number().int().nullable().optional(),
  inline: z.boolean().optional(),
  updated_at: zWhen.nullable().optional(),
});
export type ZendeskAttachment = z.infer<typeof ZAttachment>;

export const ZAttachments = z.object({ article_attachments: z.array(ZAttachment), next_page: z.string().nullable().optional() });

export const ZSections = z.object({
  sections: z.array(z.object({ id: zId, category_id: zId.nullable().optional() })),
  next_page: z.string().nullable().optional(),
});

export const ZTicket = z.object({
  id: zId,
  subject: z.string().nullable().optional(),
  status: z.string(),
  updated_at: zWhen,
  created_at: zWhen.optional(),
  tags: z.array(z.string()).optional(),
});
export type ZendeskTicket = z.infer<typeof ZTicket>;

/** GET /api/v2/incremental/tickets/cursor.json?start_time=… | ?cursor=… */
export const ZTicketExport = z.object({
  tickets: z.array(ZTicket),
  after_cursor: z.string().nullable().optional(),
  end_of_stream: z.boolean(),
});

export const ZComments = z.object({
  comments: z.array(
    z.object({
      id: zId,
      public: z.boolean(),
      body: z.string().nullable().optional(),
      html_body: z.string().nullable().optional(),
      author_id: zId.nullable().optional(),
      created_at: zWhen,
    }),
  ),
  users: z.array(z.object({ id: zId, name: z.string().nullable().optional() })).optional(),
  next_page: z.string().nullable().optional(),
});
export type ZendeskComments = z.infer<typeof ZComments>;
