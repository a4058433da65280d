/**
 * The party labels of payment slips printed at a bill's foot: the creditor's block is the seller's,
 * the debtor's the buyer's. A slip is a standard form, its labels fixed words in each language:
 *
 * - the Swiss QR-bill (SIX, Swiss Payment Standards): "Account / Payable to", "Konto / Zahlbar an",
 *   "Compte / Payable à", "Conto / Pagabile a" over the creditor; "Payable by", "Zahlbar durch",
 *   "Payable par", "Pagabile da" over the debtor ("… (name/address)" when left blank to fill in);
 * - the Swiss payment slips before it (ISR/BVR): "Einzahlung für", "Versement pour", "Versamento
 *   per", "Zugunsten von", "En faveur de", "A favore di" over the creditor; "Einbezahlt von",
 *   "Versé par", "Versato da" over the debtor.
 *
 * Matched on folded text (no accents, lower case); "Account / Payable to" is two labels joined by a
 * slash, read in `blocks.ts` by the part that is a party's.
 */

/** the creditor's labels (the seller's block) */
export const CREDITOR_LABELS = String.raw`zahlbar an|payable a|pagabile a|einzahlung fur|versement pour|versamento per|zugunsten von|en faveur de|a favore di|in favour of`

/** the debtor's labels (the buyer's block) */
export const DEBTOR_LABELS = String.raw`payable by|zahlbar durch|payable par|pagabile da|einbezahlt von|verse par|versato da`
