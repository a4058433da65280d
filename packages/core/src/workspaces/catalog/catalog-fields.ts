/**
 * The catalog's columns (spec 3, "Filtered-search result", `columns`): a fixed set, chosen for
 * what people ask of a pile of business documents — "invoices over 10,000 EUR from Acme in 2024"
 * (issuer or parties, total amount, document date), "how many contracts expire in 2025" (expiry
 * date), "top 5 largest invoices" (total amount), "the policy with number P-123" (identifiers).
 * The row itself carries `document_type` (from the domain's taxonomy), so it is no cell.
 *
 * Each field is found, not found, ambiguous or unexamined per component (`catalog-entry.ts`);
 * a repeated field has one cell per value found.
 */

/** What a column holds; money is `{kind: "money", amount, currency}`, never converted. */
export type CatalogFieldKind = "date" | "party" | "identifier" | "money"

export interface CatalogField {
  readonly field: string
  readonly kind: CatalogFieldKind
  readonly description: string
  /** several values per component (one cell each) */
  readonly repeated: boolean
}

export const CATALOG_FIELDS = [
  { field: "document_date", kind: "date", repeated: false, description: "The date the document bears: issue, invoice or statement date, or the date it was dated or signed." },
  { field: "due_date", kind: "date", repeated: false, description: "The date a payment is due." },
  { field: "effective_date", kind: "date", repeated: false, description: "The date the document takes effect: effective, commencement or start date of a contract, policy or period." },
  { field: "expiry_date", kind: "date", repeated: false, description: "The date the document ends: expiry, expiration, termination or end date, or valid until." },
  { field: "issuer", kind: "party", repeated: false, description: "Who issued the document: the seller, vendor or sender (\"From:\", the letterhead's organisation)." },
  { field: "recipient", kind: "party", repeated: false, description: "To whom it is addressed: the customer or buyer (\"Bill to\", \"To:\")." },
  { field: "parties", kind: "party", repeated: true, description: "Every organisation or person named as a party (issuer and recipient included)." },
  { field: "identifiers", kind: "identifier", repeated: true, description: "Labelled numbers: invoice, order, contract, policy, claim, account or reference number; the value carries its scheme." },
  { field: "total_amount", kind: "money", repeated: false, description: "The document's total: total, amount due, grand total or balance due, with its currency." },
  { field: "amounts", kind: "money", repeated: true, description: "Other amounts of money the document states with a currency (subtotal, tax, premium, limits…)." }
] as const satisfies ReadonlyArray<CatalogField>

export type CatalogFieldName = (typeof CATALOG_FIELDS)[number]["field"]

export const catalogFieldOf = (name: string): CatalogField | undefined => CATALOG_FIELDS.find((f) => f.field === name)

/** fields whose single value a query may sort by (dates and money, not repeated) */
export const isSortable = (f: CatalogField): boolean => !f.repeated && (f.kind === "date" || f.kind === "money")
