// A DOCX's paragraph styles (word/styles.xml), read once per conversion and shared by the passes that need them
// (page breaks before a styled paragraph, numbered headings). A property a style does not set comes from the
// style it is based on.
import { type XmlElement, xmlChild, xmlChildren } from "@/lib/documents/xml";
import type { ZipArchive } from "@/lib/documents/zip";

export interface ParagraphStyle {
  id: string;
  /** `w:name`, lower-cased. */
  name: string;
  pPr?: XmlElement;
  basedOn?: string;
}

/** A `basedOn` chain longer than this is a hostile document's (or a cycle): the walk ends there. */
const MAX_CHAIN = 20;

export class ParagraphStyles {
  constructor(private readonly byId: ReadonlyMap<string, ParagraphStyle>) {}

  get all(): Iterable<ParagraphStyle> {
    return this.byId.values();
  }

  get(id: string | undefined): ParagraphStyle | undefined {
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** `own(style)` of style `id`, else of the nearest style it is based on that sets it. */
  inherited<T>(id: string | undefined, own: (style: ParagraphStyle) => T | undefined): T | undefined {
    for (let depth = 0; id !== undefined && depth < MAX_CHAIN; depth++) {
      const style = this.byId.get(id);
      if (!style) return undefined;
      const value = own(style);
      if (value !== undefined) return value;
      id = style.basedOn;
    }
    return undefined;
  }
}

/** The paragraph styles, none when the part is missing or broken (mammoth reports a broken part itself). */
export async function readParagraphStyles(zip: ZipArchive): Promise<ParagraphStyles> {
  const byId = new Map<string, ParagraphStyle>();
  if (zip.has("word/styles.xml")) {
    let root: XmlElement | undefined;
    try {
      root = await zip.readXml("word/styles.xml");
    } catch {
      root = undefined;
    }
    for (const style of root ? xmlChildren(root, "w:style") : []) {
      const id = style.attrs["w:styleId"];
      if (style.attrs["w:type"] !== "paragraph" || !id) continue;
      byId.set(id, {
        id,
        name: (xmlChild(style, "w:name")?.attrs["w:val"] ?? "").toLowerCase(),
        pPr: xmlChild(style, "w:pPr"),
        basedOn: xmlChild(style, "w:basedOn")?.attrs["w:val"],
      });
    }
  }
  return new ParagraphStyles(byId);
}
