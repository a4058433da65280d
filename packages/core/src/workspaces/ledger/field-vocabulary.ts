/**
 * The general-ledger fields the engine looks for, named after the AICPA Audit Data Standard
 * (General Ledger, `GL_Detail` and `Trial_Balance`), with the header words ledgers actually use:
 * ADS names, common English abbreviations, the French FEC (`EcritureNum`, `CompteNum`…), German
 * (DATEV/SAP exports: `Belegnummer`, `Konto`, `Soll`/`Haben`), Spanish, Italian, Dutch and
 * Portuguese. A header is compared in a compact form (accents, case and punctuation removed,
 * camel case split first), so `JE_Number`, `JE Number` and `je-number` are one word.
 */

export type LedgerField =
  | "entry_id"
  | "line_number"
  | "posting_date"
  | "document_date"
  | "entered_date"
  | "account"
  | "account_name"
  | "account_type"
  | "company"
  | "cost_centre"
  | "description"
  | "debit"
  | "credit"
  | "amount"
  | "dc_indicator"
  | "currency"
  | "user"
  | "source"
  | "fiscal_year"
  | "period"
  | "opening_balance"
  | "closing_balance"

/** The ADS field each one stands for (reported with header evidence). */
export const ADS_NAMES: Readonly<Record<LedgerField, string>> = {
  entry_id: "Journal_ID / JE_Number",
  line_number: "JE_Line_Number",
  posting_date: "Effective_Date",
  document_date: "Document_Date",
  entered_date: "Entered_Date",
  account: "GL_Account_Number",
  account_name: "GL_Account_Name",
  account_type: "Account_Type",
  company: "Business_Unit_Code",
  cost_centre: "Segment01 (cost centre)",
  description: "JE_Line_Description",
  debit: "Amount (debit)",
  credit: "Amount (credit)",
  amount: "Amount",
  dc_indicator: "Amount_Credit_Debit_Indicator",
  currency: "Amount_Currency",
  user: "Entered_By",
  source: "Source / Journal_ID type",
  fiscal_year: "Fiscal_Year",
  period: "Period",
  opening_balance: "Beginning_Balance",
  closing_balance: "Ending_Balance"
}

const words = (list: string): ReadonlyArray<string> => list.split(/\s*\|\s*/).map(compact)

/** Exact header words per field (compact forms). */
const VOCABULARY: Readonly<Record<LedgerField, ReadonlyArray<string>>> = {
  entry_id: words(
    "je_number|je_no|je_id|je|je_header_id|journal_id|journal_number|journal_no|journal_entry|journal_entry_id|journal_entry_number|entry_id|entry_no|entry_number|entry|" +
      "voucher|voucher_no|voucher_number|num|transaction_number|transaction_no|trans_id|document_number|document_no|doc_no|doc_number|doc_id|transaction_id|transaction_no|txn_id|trans_no|gl_journal_id|batch_entry|" +
      "ecriture_num|num_ecriture|numero_ecriture|n_ecriture|piece_ref|numero_piece|belegnummer|beleg_nr|belegnr|beleg|buchungsnummer|buchungs_nr|" +
      "asiento|numero_asiento|n_asiento|num_asiento|comprobante|numero_registrazione|registrazione|protocollo|boekstuk|boekingsnummer|journaalpost|lancamento|numero_lancamento"
  ),
  line_number: words(
    "je_line_number|je_line_num|journal_id_line_number|line_number|line_num|line_no|line|line_id|item|item_no|posting_line|buzei|position|pos|zeile|positionsnummer|ligne|numero_ligne|linea|numero_linea|riga|regel|regelnummer|linha"
  ),
  posting_date: words(
    "effective_date|posting_date|post_date|posted_date|gl_date|accounting_date|entry_date|transaction_date|date|journal_date|value_date|" +
      "ecriture_date|date_ecriture|date_comptable|buchungsdatum|buchungstag|datum|fecha|fecha_contable|fecha_asiento|data_registrazione|data|boekdatum|datum_boeking|data_lancamento"
  ),
  document_date: words("document_date|doc_date|invoice_date|piece_date|date_piece|belegdatum|fecha_documento|data_documento|documentdatum|factuurdatum"),
  entered_date: words("entered_date|entry_created|created_date|creation_date|created_on|date_entered|input_date|valid_date|date_validation|erfassungsdatum|erfasst_am|fecha_creacion|data_inserimento|invoerdatum"),
  account: words(
    "gl_account_number|gl_account|code_combination|code_combination_id|account_combination|gl_account_no|account_number|account_no|account_code|account_id|account|acct|acct_no|acct_number|gl_code|gl_acct|gl|ledger_account|natural_account|" +
      "compte_num|compte|numero_compte|no_compte|konto|kontonummer|sachkonto|hauptbuchkonto|cuenta|numero_cuenta|codigo_cuenta|conto|numero_conto|codice_conto|rekening|grootboekrekening|grootboek|conta|codigo_conta"
  ),
  account_name: words(
    "gl_account_name|account_name|account_description|account_desc|account_title|acct_name|account_label|compte_lib|libelle_compte|intitule_compte|kontobezeichnung|kontoname|bezeichnung|nombre_cuenta|descripcion_cuenta|denominazione_conto|descrizione_conto|rekeningnaam|omschrijving_rekening|nome_conta|descricao_conta"
  ),
  account_type: words("account_type|account_class|account_category|type|class|category|financial_statement|fs_line|bs_pl|balance_sheet_income_statement|classe|kontenart|kontoart|kontenklasse|tipo_cuenta|tipo_conto|rekeningsoort|tipo_conta"),
  company: words("business_unit_code|business_unit|company|company_code|company_id|entity|entity_code|legal_entity|bukrs|buchungskreis|societe|sociedad|societa|bedrijf|empresa"),
  cost_centre: words("cost_centre|cost_center|cost_centre_code|cost_center_code|costcentre|costcenter|cc|department|dept|kostenstelle|kst|centre_de_cout|centro_de_coste|centro_costo|centro_di_costo|kostenplaats|centro_de_custo|segment01|segment"),
  description: words(
    "je_line_description|je_header_description|description|line_description|desc|narrative|narration|memo|text|line_text|comment|particulars|details|" +
      "ecriture_lib|libelle|libelle_ecriture|buchungstext|text|belegtext|descripcion|concepto|glosa|descrizione|causale|omschrijving|descricao|historico"
  ),
  debit: words("debit|debits|debit_amount|amount_debit|dr|dr_amount|entered_dr|accounted_dr|debit_lc|debit_local|debit_functional|debe|cargo|soll|soll_betrag|sollbetrag|dare|debet|debito|montant_debit"),
  credit: words("credit|credits|credit_amount|amount_credit|cr|cr_amount|entered_cr|accounted_cr|credit_lc|credit_local|credit_functional|haber|abono|haben|haben_betrag|habenbetrag|avere|credito|montant_credit"),
  amount: words(
    "amount|amount_local|amount_functional|local_amount|functional_amount|accounted_amount|entered_amount|amount_lc|net_amount|signed_amount|value|amt|transaction_amount|amount_transaction|line_amount|" +
      "montant|montant_devise|betrag|umsatz|importe|monto|importo|bedrag|valor|montante"
  ),
  dc_indicator: words(
    "amount_credit_debit_indicator|credit_debit_indicator|debit_credit_indicator|dc_indicator|dc|d_c|dr_cr|debit_credit|cr_dr|sign|shkzg|soll_haben|soll_haben_kennzeichen|sh|sens|debe_haber|dare_avere|debet_credit"
  ),
  currency: words("amount_currency|currency|currency_code|curr|ccy|cur|waers|iso_currency|devise|idevise|code_devise|wahrung|waehrung|moneda|divisa|valuta|valuta_code|moeda"),
  user: words("entered_by|user|user_id|username|created_by|posted_by|preparer|prepared_by|entered_by_user|usnam|benutzer|erfasser|utilisateur|usuario|utente|gebruiker|approved_by|approver"),
  source: words("source|source_code|je_source|transaction_type|journal|journal_code|journal_type|journal_name|ledger|source_system|batch|document_type|doc_type|blart|belegart|journal_lib|code_journal|diario|libro|registro|dagboek|diario_contabil"),
  fiscal_year: words("fiscal_year|fy|year|gjahr|geschaeftsjahr|geschaftsjahr|exercice|ejercicio|esercizio|boekjaar|exercicio"),
  period: words("period|period_name|fiscal_period|accounting_period|period_no|monat|periode|periodo|poper"),
  opening_balance: words("beginning_balance|opening_balance|opening|balance_bf|brought_forward|start_balance|solde_ouverture|solde_initial|anfangsbestand|eroeffnungssaldo|saldo_inicial|saldo_iniziale|beginsaldo|saldo_inicial"),
  closing_balance: words(
    "ending_balance|closing_balance|balance|end_balance|closing|balance_cf|carried_forward|net_balance|ytd_balance|solde|solde_final|solde_cloture|saldo|endbestand|schlusssaldo|saldo_final|saldo_finale|eindsaldo"
  )
}

/** A header word in compact form: accents dropped, camel case split, lowercase, letters and digits only. */
export function compact(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "")
}

/** Amount words of the ledger (functional) currency: preferred to transaction-currency amounts, as they balance across currencies and tie to the trial balance. */
const FUNCTIONAL = /(accounted|functional|local|lc$|base|hauswahrung|hauswaehrung)/
const AMOUNT_FIELDS: ReadonlySet<LedgerField> = new Set(["debit", "credit", "amount"])

export interface HeaderMatch {
  readonly field: LedgerField
  /** 1 for a word of the vocabulary (1.05 for a functional-currency amount), 0.6 for a header that contains one (of five letters or more) */
  readonly strength: number
  readonly word: string
}

/** The fields a header may name, strongest first. */
export const headerMatches = (header: string): ReadonlyArray<HeaderMatch> => {
  const h = compact(header)
  if (h === "") return []
  const found: Array<HeaderMatch> = []
  for (const [field, vocabulary] of Object.entries(VOCABULARY) as Array<[LedgerField, ReadonlyArray<string>]>) {
    if (vocabulary.includes(h)) found.push({ field, strength: AMOUNT_FIELDS.has(field) && FUNCTIONAL.test(h) ? 1.05 : 1, word: h })
    else {
      const part = vocabulary.filter((w) => w.length >= 5 && h.includes(w)).sort((a, b) => b.length - a.length)[0]
      if (part !== undefined) found.push({ field, strength: 0.6, word: part })
    }
  }
  return found.sort((a, b) => b.strength - a.strength || b.word.length - a.word.length)
}
