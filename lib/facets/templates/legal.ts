import type { TemplateNode } from "./types";

export const legal: TemplateNode = {
  code: "legal",
  label: "Legal",
  description: "Contracts, litigation, corporate records and compliance documents.",
  attributes: [
    { name: "parties", attribute_type: "text", label: "Parties", description: "Parties named in the document." },
    { name: "governing_law", attribute_type: "text", label: "Governing law", description: "Jurisdiction whose law applies." },
    { name: "confidential", attribute_type: "boolean", label: "Confidential", description: "Subject to confidentiality or privilege." },
  ],
  children: [
    {
      code: "contract",
      label: "Contract",
      description: "Signed agreements.",
      attributes: [
        { name: "effective_date", attribute_type: "date", label: "Effective date", description: "Date the contract takes effect.", required: true },
        { name: "expiration_date", attribute_type: "date", label: "Expiration date", description: "Date the contract ends." },
        { name: "contract_value", attribute_type: "number", label: "Contract value", description: "Total value of the contract." },
        { name: "auto_renewal", attribute_type: "boolean", label: "Auto-renewal", description: "Renews automatically unless terminated." },
        {
          name: "contract_status",
          attribute_type: "select",
          label: "Status",
          description: "Lifecycle stage.",
          choices: ["draft", "negotiation", "signed", "expired", "terminated"],
        },
      ],
      children: [
        {
          code: "nda",
          label: "Non-disclosure agreement",
          description: "Mutual or one-way confidentiality agreements.",
          attributes: [
            {
              name: "nda_type",
              attribute_type: "select",
              label: "NDA type",
              description: "Direction of the obligations.",
              choices: ["mutual", "unilateral"],
            },
            { name: "confidentiality_years", attribute_type: "number", label: "Term (years)", description: "Years the obligations last." },
          ],
        },
        {
          code: "employment_agreement",
          label: "Employment agreement",
          description: "Contracts of employment.",
          attributes: [
            { name: "employee_name", attribute_type: "text", label: "Employee", description: "Name of the employee." },
            {
              name: "employment_type",
              attribute_type: "select",
              label: "Employment type",
              description: "Kind of employment.",
              choices: ["full_time", "part_time", "fixed_term", "contractor"],
            },
          ],
        },
        {
          code: "service_agreement",
          label: "Service agreement",
          description: "Master service agreements, statements of work and SLAs.",
          attributes: [
            {
              name: "service_levels",
              attribute_type: "multi-select",
              label: "Service levels",
              description: "Service levels covered.",
              choices: ["availability", "response_time", "resolution_time", "support_hours"],
            },
          ],
        },
      ],
    },
    {
      code: "litigation",
      label: "Litigation",
      description: "Court filings and correspondence of disputes.",
      attributes: [
        { name: "case_number", attribute_type: "text", label: "Case number", description: "Court docket number." },
        { name: "court", attribute_type: "text", label: "Court", description: "Court handling the case." },
        { name: "filing_date", attribute_type: "date", label: "Filing date", description: "Date filed with the court." },
        {
          name: "case_stage",
          attribute_type: "select",
          label: "Stage",
          description: "Stage of the proceedings.",
          choices: ["pleadings", "discovery", "trial", "appeal", "settled", "closed"],
        },
      ],
    },
    {
      code: "corporate",
      label: "Corporate record",
      description: "Board minutes, resolutions, bylaws and filings.",
      attributes: [
        { name: "meeting_date", attribute_type: "date", label: "Meeting date", description: "Date of the meeting or resolution." },
        { name: "entity_name", attribute_type: "text", label: "Entity", description: "Company the record concerns." },
      ],
    },
    {
      code: "compliance",
      label: "Compliance",
      description: "Policies, audits and regulatory correspondence.",
      attributes: [
        {
          name: "regulation",
          attribute_type: "multi-select",
          label: "Regulations",
          description: "Regulations addressed.",
          choices: ["gdpr", "hipaa", "sox", "pci_dss", "iso_27001", "ccpa"],
        },
        { name: "review_due", attribute_type: "date", label: "Review due", description: "Next review date." },
      ],
    },
  ],
};
