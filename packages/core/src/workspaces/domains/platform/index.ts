/**
 * The platform domains (spec 3, "Domain": reserved slugs), seeded into every deployment: parents
 * before children, so resolving them in order always finds a child's parent already resolved.
 */
import type { DomainDraft } from "../domain-definition.js"
import { AUDIT } from "./audit.js"
import { AUDIT_PRIVATE_PROFIT } from "./audit-private-profit.js"
import { AUDIT_PUBLIC_NON_PROFIT } from "./audit-public-non-profit.js"
import { FINANCIAL } from "./financial.js"
import { GENERIC } from "./generic.js"
import { INSURANCE } from "./insurance.js"
import { LEGAL } from "./legal.js"

export { AUDIT, AUDIT_ONTOLOGY } from "./audit.js"
export { AUDIT_PRIVATE_PROFIT } from "./audit-private-profit.js"
export { AUDIT_PUBLIC_NON_PROFIT } from "./audit-public-non-profit.js"
export { FINANCIAL, FINANCIAL_ONTOLOGY } from "./financial.js"
export { GENERIC, GENERIC_ONTOLOGY } from "./generic.js"
export { INSURANCE, INSURANCE_ONTOLOGY } from "./insurance.js"
export { LEGAL, LEGAL_ONTOLOGY } from "./legal.js"

export const PLATFORM_DOMAINS: ReadonlyArray<DomainDraft> = [
  GENERIC,
  FINANCIAL,
  LEGAL,
  INSURANCE,
  AUDIT,
  AUDIT_PRIVATE_PROFIT,
  AUDIT_PUBLIC_NON_PROFIT
]

/** A platform domain by slug, or undefined. */
export const platformDomain = (slug: string): DomainDraft | undefined => PLATFORM_DOMAINS.find((d) => d.slug === slug)
