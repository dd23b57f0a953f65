// Which converter handles which kind. Loaded lazily: OCR and PDF modules are heavy.
import type { Converter, DocumentKind } from "./types";

const loaders: Record<DocumentKind, () => Promise<Converter>> = {
  pdf: async () => (await import("./convert/pdf")).convertPdf,
  png: async () => (await import("./convert/image")).convertImage,
  jpeg: async () => (await import("./convert/image")).convertImage,
  docx: async () => (await import("./convert/docx")).convertDocx,
  pptx: async () => (await import("./convert/pptx")).convertPptx,
  odt: async () => (await import("./convert/odf")).convertOdt,
  odp: async () => (await import("./convert/odf")).convertOdp,
  doc: async () => (await import("./convert/libreoffice")).convertDoc,
  ppt: async () => (await import("./convert/libreoffice")).convertPpt,
  html: async () => (await import("./convert/html")).convertHtml,
  xhtml: async () => (await import("./convert/html")).convertHtml,
  txt: async () => (await import("./convert/text")).convertText,
  md: async () => (await import("./convert/text")).convertText,
};

export function converterFor(kind: DocumentKind): Promise<Converter> {
  return loaders[kind]();
}
