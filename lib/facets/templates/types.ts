// The shape of a starter template: a tree of nodes (codes snake_case, at most 4 levels) whose attribute
// names are unique across the whole tree (tests/api/content-types.test.ts checks every template).
import type { AttributeType } from "../attribute-types";

export interface TemplateAttribute {
  name: string;
  attribute_type: AttributeType;
  label: string;
  description: string;
  required?: boolean;
  choices?: string[];
}

export interface TemplateNode {
  code: string;
  label: string;
  description: string;
  /** Whether this node carries its parent's attributes (default true). */
  inherit_attributes?: boolean;
  attributes?: TemplateAttribute[];
  children?: TemplateNode[];
}
