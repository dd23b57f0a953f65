import type { TemplateNode } from "./types";

export const healthcare: TemplateNode = {
  code: "healthcare",
  label: "Healthcare",
  description: "Clinical records, lab results, prescriptions and insurance documents.",
  attributes: [
    { name: "patient_id", attribute_type: "text", label: "Patient ID", description: "Medical record number of the patient.", required: true },
    { name: "facility", attribute_type: "text", label: "Facility", description: "Hospital, clinic or practice." },
  ],
  children: [
    {
      code: "clinical_record",
      label: "Clinical record",
      description: "Notes and summaries of care.",
      attributes: [
        { name: "encounter_date", attribute_type: "date", label: "Encounter date", description: "Date of the visit or admission." },
        { name: "attending_physician", attribute_type: "text", label: "Attending physician", description: "Responsible clinician." },
        {
          name: "department",
          attribute_type: "select",
          label: "Department",
          description: "Clinical department.",
          choices: ["cardiology", "oncology", "pediatrics", "radiology", "emergency", "general_practice", "surgery"],
        },
      ],
      children: [
        {
          code: "discharge_summary",
          label: "Discharge summary",
          description: "Summary written when a patient leaves hospital.",
          attributes: [
            { name: "admission_date", attribute_type: "date", label: "Admission date", description: "Date the stay began." },
            { name: "discharge_date", attribute_type: "date", label: "Discharge date", description: "Date the patient left." },
            { name: "follow_up_required", attribute_type: "boolean", label: "Follow-up required", description: "A follow-up visit is planned." },
          ],
        },
        {
          code: "progress_note",
          label: "Progress note",
          description: "Notes taken during treatment.",
          attributes: [{ name: "note_text", attribute_type: "rich-text", label: "Note", description: "Formatted note content." }],
        },
      ],
    },
    {
      code: "lab_result",
      label: "Lab result",
      description: "Laboratory test reports.",
      attributes: [
        { name: "test_name", attribute_type: "text", label: "Test", description: "Name of the test or panel." },
        { name: "collection_date", attribute_type: "date", label: "Collection date", description: "Date the sample was taken." },
        { name: "abnormal", attribute_type: "boolean", label: "Abnormal", description: "At least one value outside its reference range." },
        {
          name: "specimen_type",
          attribute_type: "select",
          label: "Specimen",
          description: "Sample material.",
          choices: ["blood", "urine", "tissue", "saliva", "other"],
        },
      ],
    },
    {
      code: "prescription",
      label: "Prescription",
      description: "Medication orders.",
      attributes: [
        { name: "medication", attribute_type: "text", label: "Medication", description: "Drug name and strength." },
        { name: "dosage_mg", attribute_type: "number", label: "Dosage (mg)", description: "Dose per administration in milligrams." },
        { name: "refills", attribute_type: "number", label: "Refills", description: "Number of refills allowed." },
        { name: "prescribed_on", attribute_type: "date", label: "Prescribed on", description: "Date of the prescription." },
      ],
    },
    {
      code: "insurance_claim",
      label: "Insurance claim",
      description: "Claims submitted to payers.",
      attributes: [
        { name: "claim_number", attribute_type: "text", label: "Claim number", description: "Payer's claim reference." },
        { name: "claim_amount", attribute_type: "number", label: "Claimed amount", description: "Amount claimed." },
        {
          name: "claim_status",
          attribute_type: "select",
          label: "Status",
          description: "Processing status.",
          choices: ["submitted", "in_review", "approved", "denied", "paid"],
        },
        {
          name: "diagnosis_codes",
          attribute_type: "multi-select",
          label: "Diagnosis chapters",
          description: "ICD-10 chapters concerned.",
          choices: ["infectious", "neoplasms", "circulatory", "respiratory", "digestive", "musculoskeletal", "injury"],
        },
      ],
    },
  ],
};
