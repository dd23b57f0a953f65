import type { TemplateNode } from "./types";

export const manufacturing: TemplateNode = {
  code: "manufacturing",
  label: "Manufacturing",
  description: "Engineering, quality, production and supply-chain documents.",
  attributes: [
    { name: "plant", attribute_type: "text", label: "Plant", description: "Production site." },
    { name: "part_number", attribute_type: "text", label: "Part number", description: "Part or product number concerned." },
  ],
  children: [
    {
      code: "engineering",
      label: "Engineering",
      description: "Drawings, specifications and change orders.",
      attributes: [{ name: "revision", attribute_type: "text", label: "Revision", description: "Document revision (A, B, 1.2…)." }],
      children: [
        {
          code: "drawing",
          label: "Technical drawing",
          description: "CAD drawings and schematics.",
          attributes: [
            { name: "drawing_number", attribute_type: "text", label: "Drawing number", description: "Drawing identifier.", required: true },
            {
              name: "material",
              attribute_type: "select",
              label: "Material",
              description: "Main material.",
              choices: ["steel", "stainless_steel", "aluminium", "plastic", "composite", "copper"],
            },
          ],
        },
        {
          code: "change_order",
          label: "Engineering change order",
          description: "Requests and approvals of design changes.",
          attributes: [
            {
              name: "change_reason",
              attribute_type: "select",
              label: "Reason",
              description: "Why the change is made.",
              choices: ["defect", "cost", "supplier", "regulation", "improvement"],
            },
            { name: "approved_on", attribute_type: "date", label: "Approved on", description: "Approval date." },
          ],
        },
      ],
    },
    {
      code: "quality",
      label: "Quality",
      description: "Inspections, non-conformance reports and certificates.",
      attributes: [
        { name: "inspection_date", attribute_type: "date", label: "Inspection date", description: "Date of the inspection." },
        { name: "passed", attribute_type: "boolean", label: "Passed", description: "Inspection passed." },
        { name: "defect_count", attribute_type: "number", label: "Defects", description: "Number of defects found." },
      ],
      children: [
        {
          code: "ncr",
          label: "Non-conformance report",
          description: "Reports of products outside specification.",
          attributes: [
            {
              name: "severity",
              attribute_type: "select",
              label: "Severity",
              description: "Impact of the non-conformance.",
              choices: ["minor", "major", "critical"],
            },
          ],
        },
        {
          code: "certificate",
          label: "Certificate of conformity",
          description: "Supplier and product certificates.",
          attributes: [
            {
              name: "standards",
              attribute_type: "multi-select",
              label: "Standards",
              description: "Standards certified.",
              choices: ["iso_9001", "iso_14001", "iatf_16949", "as9100", "ce"],
            },
          ],
        },
      ],
    },
    {
      code: "production",
      label: "Production",
      description: "Work orders and batch records.",
      attributes: [
        { name: "work_order", attribute_type: "text", label: "Work order", description: "Work order number." },
        { name: "quantity", attribute_type: "number", label: "Quantity", description: "Units produced." },
        { name: "production_date", attribute_type: "date", label: "Production date", description: "Date of production." },
      ],
    },
    {
      code: "supply_chain",
      label: "Supply chain",
      description: "Purchase orders, delivery notes and supplier documents.",
      attributes: [
        { name: "supplier", attribute_type: "text", label: "Supplier", description: "Supplier name." },
        { name: "delivery_date", attribute_type: "date", label: "Delivery date", description: "Expected or actual delivery." },
        { name: "order_value", attribute_type: "number", label: "Order value", description: "Value of the order." },
      ],
    },
  ],
};
