import type { TemplateNode } from "./types";

const CURRENCIES = ["EUR", "USD", "GBP", "CHF", "JPY", "CAD", "AUD"];

export const finance: TemplateNode = {
  code: "finance",
  label: "Finance",
  description: "Accounting, payables, receivables, banking and tax documents.",
  attributes: [
    { name: "fiscal_year", attribute_type: "number", label: "Fiscal year", description: "Fiscal year the document belongs to." },
    {
      name: "counterparty",
      attribute_type: "text",
      label: "Counterparty",
      description: "Supplier, customer or bank the document is exchanged with.",
    },
  ],
  children: [
    {
      code: "invoice",
      label: "Invoice",
      description: "Supplier or customer invoices.",
      attributes: [
        { name: "invoice_number", attribute_type: "text", label: "Invoice number", description: "Number printed on the invoice.", required: true },
        { name: "amount", attribute_type: "number", label: "Total amount", description: "Total amount including taxes.", required: true },
        { name: "currency", attribute_type: "select", label: "Currency", description: "ISO 4217 currency of the amount.", choices: CURRENCIES },
        { name: "invoice_date", attribute_type: "date", label: "Invoice date", description: "Date of issue." },
        { name: "due_date", attribute_type: "date", label: "Due date", description: "Payment due date." },
        { name: "paid", attribute_type: "boolean", label: "Paid", description: "Whether the invoice has been settled." },
      ],
      children: [
        {
          code: "purchase_invoice",
          label: "Purchase invoice",
          description: "Invoices received from suppliers (accounts payable).",
          attributes: [
            { name: "purchase_order_number", attribute_type: "text", label: "Purchase order", description: "Matching purchase order number." },
            {
              name: "approval_status",
              attribute_type: "select",
              label: "Approval status",
              description: "Where the invoice is in the approval flow.",
              choices: ["pending", "approved", "rejected"],
            },
          ],
        },
        {
          code: "sales_invoice",
          label: "Sales invoice",
          description: "Invoices issued to customers (accounts receivable).",
          attributes: [{ name: "customer_number", attribute_type: "text", label: "Customer number", description: "Customer account number." }],
        },
        {
          code: "credit_note",
          label: "Credit note",
          description: "Corrections and refunds of earlier invoices.",
          attributes: [
            { name: "original_invoice_number", attribute_type: "text", label: "Original invoice", description: "Invoice the credit note corrects." },
          ],
        },
      ],
    },
    {
      code: "receipt",
      label: "Receipt",
      description: "Expense receipts and proofs of payment.",
      attributes: [
        { name: "receipt_total", attribute_type: "number", label: "Total", description: "Amount paid." },
        { name: "receipt_currency", attribute_type: "select", label: "Currency", description: "Currency paid in.", choices: CURRENCIES },
        { name: "purchase_date", attribute_type: "date", label: "Purchase date", description: "Date of the purchase." },
        {
          name: "expense_category",
          attribute_type: "select",
          label: "Expense category",
          description: "Category for expense reports.",
          choices: ["travel", "meals", "lodging", "supplies", "software", "other"],
        },
        { name: "reimbursable", attribute_type: "boolean", label: "Reimbursable", description: "Paid personally and to be reimbursed." },
      ],
    },
    {
      code: "bank_statement",
      label: "Bank statement",
      description: "Periodic account statements.",
      attributes: [
        { name: "account_number", attribute_type: "text", label: "Account number", description: "IBAN or account number." },
        { name: "period_start", attribute_type: "date", label: "Period start", description: "First day covered." },
        { name: "period_end", attribute_type: "date", label: "Period end", description: "Last day covered." },
        { name: "closing_balance", attribute_type: "number", label: "Closing balance", description: "Balance at the end of the period." },
      ],
    },
    {
      code: "tax_document",
      label: "Tax document",
      description: "Tax returns, assessments and certificates.",
      attributes: [
        {
          name: "tax_type",
          attribute_type: "select",
          label: "Tax type",
          description: "Kind of tax.",
          choices: ["vat", "income", "corporate", "payroll", "property"],
        },
        { name: "jurisdiction", attribute_type: "text", label: "Jurisdiction", description: "Country or region of the tax authority." },
      ],
    },
  ],
};
