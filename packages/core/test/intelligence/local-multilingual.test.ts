/**
 * The local engine on business documents in French, German, Dutch, Polish, Spanish and Italian:
 * the vocabulary read in English, locale numbers and dates, labels after their values, and the
 * classification of a foreign-language invoice. Small fixtures written for these tests.
 */
import { describe, expect, it } from "vitest"
import { extractFromText, INVOICE } from "./local-extract-fixture.js"
import { DEFAULT_TAXONOMY } from "../../src/documents/categorize/default-taxonomy.js"
import { fieldWords, labelScore } from "../../src/intelligence/local/layout/labels.js"
import { currencyOf, dateOf, datesOf, monthOf, numberOf } from "../../src/intelligence/local/layout/values.js"
import { englishOfWord, toEnglish } from "../../src/intelligence/local/layout/vocabulary.js"
import { classifyLocally } from "../../src/intelligence/local/local-classifier.js"

const extract = (schema: unknown, markdown: string) => extractFromText(schema, markdown)


describe("multilingual vocabulary", () => {
  it("reads words, set phrases and German and Dutch compounds in English, and leaves other words alone", () => {
    expect(toEnglish("Rechnungsnummer")).toBe("invoice number")
    expect(toEnglish("Factuurdatum")).toBe("invoice date")
    expect(toEnglish("Einzelpreis")).toBe("unit price")
    expect(toEnglish("Facturé à")).toBe("bill to")
    expect(toEnglish("Do zapłaty")).toBe("total to pay")
    expect(toEnglish("Total TTC")).toBe("total total")
    expect(toEnglish("Ship to: Acme Ltd")).toBe("ship to: acme ltd")
    expect(englishOfWord("gesamtbetrag")).toBe("total amount")
    expect(englishOfWord("blumentopf")).toBeNull()
  })

  it("scores foreign labels for English field names, and keeps a net amount's label off the total", () => {
    const total = fieldWords("total", null, [], "Total amount of the invoice including tax")
    const subtotal = fieldWords("subtotal", null, [], "Sum of the lines before tax")
    const number = fieldWords("invoice_number", null, [], null)
    for (const label of ["Rechnungsnummer", "Facture n°", "Numéro de facture", "Factuurnr.", "Numer faktury", "Fattura n."]) {
      expect(labelScore(number, label), label).toBeGreaterThanOrEqual(0.75)
    }
    for (const label of ["Gesamtbetrag", "Total TTC", "Totaal", "Do zapłaty", "Total a pagar", "Totale fattura"]) expect(labelScore(total, label), label).toBeGreaterThanOrEqual(0.75)
    for (const label of ["Total HT", "Summe netto", "Totaal excl. BTW", "Razem netto", "Totale imponibile"]) {
      expect(labelScore(total, label), label).toBeLessThan(0.5)
      expect(labelScore(subtotal, label), label).toBeGreaterThanOrEqual(0.5)
    }
  })
})

describe("locale numbers and dates", () => {
  it("reads amounts with dot or space thousands and a decimal comma, the currency after them", () => {
    expect(numberOf("1.234,56 €")).toBe(1234.56)
    expect(numberOf("1 234,56 zł")).toBe(1234.56)
    expect(numberOf("EUR 12.345,60")).toBe(12345.6)
    expect(currencyOf("1 234,56 zł")).toBe("PLN")
    expect(currencyOf("46,68 €")).toBe("EUR")
  })

  it("reads month names of six languages, the day with a dot or an article, numeric day-first dates", () => {
    expect(dateOf("7. Mai 2014")).toBe("2014-05-07")
    expect(dateOf("19 april 2014")).toBe("2014-04-19")
    expect(dateOf("le 1er mars 2026")).toBe("2026-03-01")
    expect(dateOf("2 de marzo de 2026")).toBe("2026-03-02")
    expect(dateOf("5 października 2026")).toBe("2026-10-05")
    expect(dateOf("16 ottobre 2026")).toBe("2026-10-16")
    expect(dateOf("28/11/2022")).toBe("2022-11-28")
    // a word before a number is no month: the date after it is read
    expect(dateOf("Rechnung 12 2026 vom 3. Juni 2026")).toBe("2026-06-03")
    expect(datesOf("du 1 juillet 2026 au 31 juillet 2026")).toEqual(["2026-07-01", "2026-07-31"])
    expect(monthOf("Dezember")).toBe(12)
    expect(monthOf("Invoice")).toBeNull()
  })
})

describe("foreign-language invoices", () => {
  it("extracts a German invoice: compound labels, a due date 'Zahlbar bis', a net sum apart from the total, line items", () => {
    const data = extract(INVOICE,
      "RECHNUNG\nRechnungsnummer: 2026-0417\nRechnungsdatum: 7. Mai 2026\nZahlbar bis: 21.05.2026\nLieferant: Klarwerk Maschinenbau GmbH\nKunde: Bäckerei Albrecht GmbH\n\n" +
      "Bezeichnung\tMenge\tEinzelpreis\tGesamtpreis\nDruckerpatrone schwarz\t2\t24,50 €\t49,00 €\nBürostuhl\t1\t1.250,00 €\t1.250,00 €\n\n" +
      "Summe netto: 1.299,00 €\nMwSt. 19 %: 246,81 €\nGesamtbetrag: 1.545,81 €")
    expect(data).toEqual({
      invoice_number: "2026-0417", invoice_date: "2026-05-07", due_date: "2026-05-21", vendor_name: "Klarwerk Maschinenbau GmbH", customer_name: "Bäckerei Albrecht GmbH",
      currency: "EUR", subtotal: 1299, tax: 246.81, total: 1545.81,
      line_items: [{ description: "Druckerpatrone schwarz", quantity: 2, unit_price: 24.5, amount: 49 }, { description: "Bürostuhl", quantity: 1, unit_price: 1250, amount: 1250 }]
    })
  })

  it("reads values printed before their labels, and a VAT breakdown table is no line item", () => {
    const data = extract(INVOICE,
      "FACTURE\n\n2022-118 Facture n°\n28/11/2022 Date de facture\nAtelier Marchand SARL Fournisseur\n\n" +
      "Désignation\tQté\tPrix unitaire HT\tMontant HT\nRamette papier A4\t3\t5,00 €\t15,00 €\n\nTaux TVA\tBase HT\tMontant TVA\n20 %\t15,00 €\t3,00 €\n\n" +
      "15,00 € Total HT\n3,00 € TVA 20 %\n18,00 € Total TTC")
    expect(data).toMatchObject({
      invoice_number: "2022-118", invoice_date: "2022-11-28", vendor_name: "Atelier Marchand SARL", currency: "EUR", subtotal: 15, tax: 3, total: 18,
      line_items: [{ description: "Ramette papier A4", quantity: 3, unit_price: 5, amount: 15 }]
    })
  })

  it("classifies invoices and receipts in other languages under the English taxonomy, never a header word", () => {
    const category = (text: string) => classifyLocally({ text, categories: DEFAULT_TAXONOMY, multiLabel: false })
    const german = category("RECHNUNG\nRechnungsnummer 30011\nRechnungsdatum 7. Mai 2026\nBezeichnung Menge Einzelpreis Betrag\nHosting 1 3,89 € 3,89 €\nGesamtbetrag 3,89 €\nZahlbar bis 21. Mai 2026")
    expect(german.categories[0]?.key).toBe("invoice")
    expect(category("Fournisseur Alexinux\nFACTURE\nFacture n° 2022089\nTotal HT 46,68 €\nTVA 20 % 9,34 €\nTotal TTC 56,02 €").categories[0]?.key).toBe("invoice")
    expect(category("FAKTURA VAT\nNr faktury F 1/2026\nSprzedawca Polmetal Sp. z o.o.\nNabywca Piekarnia\nRazem brutto 316,83 zł\nDo zapłaty 316,83 zł").categories[0]?.key).toBe("invoice")
    expect(category("Drogeria Anna\nPARAGON FISKALNY\nToner 12,00\nSUMA PLN 12,00\nGotówka 20,00\nReszta 8,00\nDziękujemy").categories[0]?.key).toBe("receipt")
  })
})
