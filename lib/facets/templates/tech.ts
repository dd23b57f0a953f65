import type { TemplateNode } from "./types";

export const tech: TemplateNode = {
  code: "tech",
  label: "Technology",
  description: "Software, infrastructure, security and product documentation.",
  attributes: [
    { name: "product", attribute_type: "text", label: "Product", description: "Product or system concerned." },
    { name: "owner_team", attribute_type: "text", label: "Owning team", description: "Team responsible for the document." },
  ],
  children: [
    {
      code: "specification",
      label: "Specification",
      description: "Requirements, designs and API documents.",
      attributes: [
        {
          name: "spec_status",
          attribute_type: "select",
          label: "Status",
          description: "Review status.",
          choices: ["draft", "in_review", "approved", "superseded"],
        },
        { name: "version", attribute_type: "text", label: "Version", description: "Document or API version." },
      ],
      children: [
        {
          code: "design_doc",
          label: "Design document",
          description: "Architecture and design proposals.",
          attributes: [
            {
              name: "components",
              attribute_type: "multi-select",
              label: "Components",
              description: "Parts of the system affected.",
              choices: ["frontend", "backend", "database", "infrastructure", "mobile", "data_pipeline"],
            },
          ],
        },
        {
          code: "api_reference",
          label: "API reference",
          description: "Interface contracts.",
          attributes: [
            {
              name: "api_style",
              attribute_type: "select",
              label: "API style",
              description: "Interface style.",
              choices: ["rest", "graphql", "grpc", "events"],
            },
          ],
        },
      ],
    },
    {
      code: "incident",
      label: "Incident report",
      description: "Post-mortems and incident timelines.",
      attributes: [
        {
          name: "incident_severity",
          attribute_type: "select",
          label: "Severity",
          description: "Incident severity.",
          choices: ["sev1", "sev2", "sev3", "sev4"],
        },
        { name: "started_at", attribute_type: "date", label: "Started", description: "Date the incident began." },
        { name: "downtime_minutes", attribute_type: "number", label: "Downtime (min)", description: "Customer-facing downtime." },
        { name: "customer_impact", attribute_type: "boolean", label: "Customer impact", description: "Customers were affected." },
      ],
    },
    {
      code: "security",
      label: "Security",
      description: "Assessments, penetration tests and policies.",
      attributes: [
        { name: "assessment_date", attribute_type: "date", label: "Assessment date", description: "Date of the assessment." },
        {
          name: "risk_level",
          attribute_type: "select",
          label: "Risk level",
          description: "Highest risk found.",
          choices: ["low", "medium", "high", "critical"],
        },
        { name: "findings_open", attribute_type: "number", label: "Open findings", description: "Findings not yet remediated." },
      ],
    },
    {
      code: "runbook",
      label: "Runbook",
      description: "Operational procedures.",
      attributes: [
        { name: "service_name", attribute_type: "text", label: "Service", description: "Service the runbook operates." },
        { name: "last_tested", attribute_type: "date", label: "Last tested", description: "Date the procedure was last exercised." },
        { name: "procedure", attribute_type: "rich-text", label: "Procedure", description: "Formatted steps." },
      ],
    },
  ],
};
