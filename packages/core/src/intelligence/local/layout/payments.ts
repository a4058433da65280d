/**
 * How a till slip or invoice says it was paid: card schemes and wallets named by brand ("DEBIT
 * MASTERCARD", "VISA", "Apple Pay") rather than by kind. `withPaymentKinds` writes the kind after
 * each brand ("VISA DEBIT" → "VISA DEBIT debit card"), so an enum of kinds (`cash`, `credit_card`,
 * `debit_card`, `mobile_payment`) finds its value; the brand stays for an enum of brands.
 *
 * Debit-only schemes (Maestro, V Pay, girocard, EFTPOS, Interac) are debit cards, charge and credit
 * schemes (American Express, Diners Club, Discover, JCB) credit cards; Visa and Mastercard issue
 * both, so alone they say only "card" unless "debit" or "credit" is printed beside them.
 */
const DEBIT_SCHEMES = String.raw`maestro|v\s?pay|girocard|eftpos|interac|bancontact`
// "Diners" and "Discover" only with the word that makes them the scheme ("Diners welcome")
const CREDIT_SCHEMES = String.raw`american\s+express|amex|diners\s+club|discover(?=\s+card)|jcb`
const EITHER_SCHEMES = String.raw`visa|master\s?card|mc`
const WALLETS = String.raw`apple\s+pay|google\s+pay|g\s?pay|samsung\s+pay|android\s+pay|wechat\s+pay|alipay|twint`

const KIND = /\b(debit|credit)\b/i

const SCHEME_RE = new RegExp(
  String.raw`\b(?:(?:debit|credit)\s+)?(?:(${DEBIT_SCHEMES})|(${CREDIT_SCHEMES})|(${EITHER_SCHEMES})|(${WALLETS}))\b(?:\s+(?:debit|credit)\b)?`,
  "gi"
)

export const withPaymentKinds = (text: string): string =>
  text.replace(SCHEME_RE, (m, debit: string | undefined, credit: string | undefined, either: string | undefined) => {
    if (debit !== undefined) return `${m} debit card`
    if (credit !== undefined) return `${m} credit card`
    if (either !== undefined) {
      const kind = KIND.exec(m)?.[1]?.toLowerCase()
      // "MC" alone is too short to be sure of; with a kind beside it, it is the scheme
      if (/^mc$/i.test(either) && kind === undefined) return m
      return kind === undefined ? `${m} card` : `${m} ${kind} card`
    }
    return `${m} mobile payment`
  })

/** a means of payment ("bank transfer", "cheque", "BACS") */
const MEANS = String.raw`(?:(?:bank|wire|electronic|direct|credit|debit|postal|money)\s+)?(?:transfer|debit|cheque|check|card|cash|bacs|chaps|faster payments?|standing order|paypal|sepa|giro|order|ach|eft|wire)`
/**
 * A means of payment alone ("Cheque", "by bank transfer", "BACS or card"): what follows "Payable by"
 * on many an invoice, where a payment slip's "Payable by" heads the debtor's name. Names nobody.
 */
export const PAYMENT_MEANS = new RegExp(String.raw`^(?:(?:by|via|per)\s+)?${MEANS}(?:\s*(?:,|or|and|\/)\s*${MEANS})*\.?$`, "i")
