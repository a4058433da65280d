/**
 * `insurance`: the documents of placing, underwriting, administering and claiming on insurance —
 * what a broker, insurer, MGA or insured risk manager files — and an ontology adding policies,
 * coverages, claims and insured risks to the generic one.
 */
import type { DomainDraft, Ontology, TaxonomyClass } from "../domain-definition.js"
import { edge, klass, node } from "./build.js"
import { CORRESPONDENCE_CLASSES, GENERIC_ONTOLOGY } from "./generic.js"

export const INSURANCE_CLASSES: ReadonlyArray<TaxonomyClass> = [
  ...CORRESPONDENCE_CLASSES,
  klass("placement", "submission", "A broker's submission or application to insurers describing the risk to be insured, with exposures and loss history.", ["application", "proposal form", "risk submission"]),
  klass("placement", "quote", "An insurer's quotation or indication: premium, limits, deductibles, terms and subjectivities.", ["quotation", "indication", "terms offered"]),
  klass("placement", "binder", "A binder or cover note confirming cover is bound pending the policy.", ["cover note", "binding confirmation", "interim cover"]),
  klass("placement", "slip", "A market slip or MRC setting out the risk, terms and each subscribing insurer's line.", ["MRC", "market reform contract", "placing slip"]),
  klass("placement", "statement_of_values", "A schedule of insured locations or assets with values (buildings, contents, business interruption).", ["SOV", "schedule of values", "property schedule"]),
  klass("policy", "policy_wording", "The policy wording: insuring clauses, definitions, exclusions and conditions.", ["policy form", "wording", "policy document"], "policy"),
  klass("policy", "policy_schedule", "The policy schedule or declarations page: insured, policy number, period, limits, deductibles, premium.", ["declarations page", "dec page", "schedule"], "policy"),
  klass("policy", "endorsement", "An endorsement or rider changing a policy mid-term (added insured, changed limit, extension or exclusion).", ["rider", "policy endorsement", "mid-term adjustment"]),
  klass("policy", "certificate_of_insurance", "A certificate evidencing that insurance is in force for a third party's benefit.", ["COI", "evidence of insurance", "ACORD 25"]),
  klass("policy", "renewal_notice", "A notice inviting renewal of a policy with renewal terms, or of its expiry or cancellation.", ["renewal invitation", "cancellation notice", "non-renewal"]),
  klass("policy", "premium_invoice", "A debit note or premium invoice for premium, taxes and fees due.", ["debit note", "premium notice", "premium statement"], "invoice"),
  klass("claims", "first_notice_of_loss", "The first report of a claim or incident to the insurer: what happened, when, where, and who is involved.", ["FNOL", "claim notification", "loss notice", "claim form"]),
  klass("claims", "loss_adjuster_report", "A loss adjuster's or surveyor's report on the cause, extent and value of a loss.", ["adjuster report", "survey report", "preliminary report"]),
  klass("claims", "proof_of_loss", "The insured's sworn proof of loss with the amount claimed and supporting documents.", ["sworn statement in proof of loss", "claim statement"]),
  klass("claims", "claim_settlement", "A settlement or discharge of a claim: offer, acceptance, release, or payment advice.", ["claim payment", "settlement letter", "discharge form", "release"]),
  klass("claims", "coverage_position", "An insurer's letter accepting, declining or reserving rights on a claim.", ["coverage letter", "reservation of rights", "declinature", "denial letter"]),
  klass("claims", "loss_run", "A loss history report listing past claims with dates, paid, reserved and incurred amounts.", ["loss runs", "claims history", "claims experience"]),
  klass("claims", "subrogation_recovery", "Documents pursuing recovery of a paid claim from a responsible third party.", ["subrogation", "recovery demand"]),
  klass("underwriting", "underwriting_file", "An underwriter's analysis, referral or rating sheet documenting the pricing and acceptance of a risk.", ["rating sheet", "underwriting memo", "risk analysis"]),
  klass("underwriting", "risk_survey", "A risk engineering or inspection survey with recommendations.", ["risk engineering report", "loss control report", "inspection report"]),
  klass("underwriting", "actuarial_report", "An actuarial analysis of reserves, pricing or loss development.", ["reserving report", "loss triangle", "IBNR analysis"]),
  klass("delegated_authority", "bordereau", "A periodic bordereau of risks written or claims handled under delegated authority.", ["bordereaux", "premium bordereau", "claims bordereau"]),
  klass("delegated_authority", "binding_authority_agreement", "An agreement delegating authority to a coverholder or MGA to bind risks for insurers.", ["binding authority", "delegated authority agreement", "coverholder agreement", "MGA agreement"], "contract"),
  klass("reinsurance", "reinsurance_contract", "A reinsurance treaty or facultative certificate between a cedant and reinsurers.", ["treaty", "facultative certificate", "reinsurance slip"], "contract"),
  klass("reinsurance", "reinsurance_account", "A reinsurance statement of account or technical account of premiums and claims.", ["technical account", "cession statement"]),
  klass("broking", "terms_of_business", "A broker's terms of business or client agreement, with remuneration disclosure.", ["TOBA", "broker agreement", "client agreement"], "contract")
]

export const INSURANCE_ONTOLOGY: Ontology = {
  node_types: [
    ...GENERIC_ONTOLOGY.node_types,
    node("policy", 2, "An insurance policy: number, insured, insurer, period."),
    node("coverage", 2, "A section or coverage of a policy with its limit and deductible."),
    node("claim", 2, "A claim or loss under a policy, with its number and date of loss."),
    node("insured_risk", 2, "What is insured: property, vehicle, activity, liability exposure."),
    node("peril", 3, "A cause of loss: fire, flood, theft, cyber attack.")
  ],
  edge_types: [
    ...GENERIC_ONTOLOGY.edge_types,
    edge("insures", ["policy"], ["organisation", "person", "insured_risk"], "The policy insures the party or risk."),
    edge("underwritten_by", ["policy", "contract"], ["organisation"], "The insurer or syndicate carries the risk."),
    edge("brokered_by", ["policy", "contract"], ["organisation", "person"], "The broker placed the policy."),
    edge("has_coverage", ["policy"], ["coverage"], "The policy includes the coverage."),
    edge("claim_under", ["claim"], ["policy", "coverage"], "The claim is made under the policy or coverage."),
    edge("claimant_of", ["organisation", "person"], ["claim"], "The party makes the claim."),
    edge("caused_by", ["claim"], ["peril"], "The loss was caused by the peril."),
    edge("covers_peril", ["coverage"], ["peril"], "The coverage covers the peril."),
    edge("endorses", ["document"], ["policy"], "The endorsement amends the policy.")
  ]
}

export const INSURANCE: DomainDraft = {
  slug: "insurance",
  display_name: "Insurance",
  parent_slug: null,
  taxonomy: { classes: INSURANCE_CLASSES, allow_other: true },
  ontology: INSURANCE_ONTOLOGY
}
