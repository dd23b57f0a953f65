// The starter templates a company may adopt (POST /api/v3/content-types `adopt`), served read-only by
// the template catalog. Data only: lib/facets/template-catalog.ts walks and filters them.
import { finance } from "./finance";
import { healthcare } from "./healthcare";
import { legal } from "./legal";
import { manufacturing } from "./manufacturing";
import { tech } from "./tech";
import type { TemplateNode } from "./types";

export type { TemplateAttribute, TemplateNode } from "./types";

export const TEMPLATES: readonly TemplateNode[] = [finance, healthcare, legal, manufacturing, tech];
