/**
 * Item tables of continental European invoices as their software commonly prints them: a position
 * column, quantities with their unit, German, Dutch and French headings, a VAT rate between the
 * quantity and the price, prices headed with their VAT basis ("excl. BTW", "netto"), a billing
 * period per line, details under an item's name, discount lines with a minus and totals blocks that
 * are no items. Small fixtures written for these tests, from general knowledge of such invoices.
 */
import { describe, expect, it } from "vitest"
import { extractFromText, INVOICE } from "./local-extract-fixture.js"
import { itemHeading, withoutTaxBasis } from "../../src/intelligence/local/layout/items.js"
import { splitAtHeadings } from "../../src/intelligence/local/layout/columns.js"
import { moneyIn } from "../../src/intelligence/local/layout/values.js"

const extract = (lines: ReadonlyArray<string>) => extractFromText(INVOICE, lines.join("\n"), "doc.txt")["line_items"]

describe("European item tables as commonly printed", () => {
  it("reads a position column, quantities with their unit and stops at the totals block", () => {
    expect(extract([
      "Pos.  Art.-Nr.   Bezeichnung                Menge      Einzelpreis      Gesamtpreis",
      "1     100234     Sechskantschraube M8x40    100 Stk.         0,45 €          45,00 €",
      "2     DL-010     Montagearbeiten            2,5 Std.        64,00 €         160,00 €",
      "",
      "Zwischensumme                                                           205,00 €",
      "MwSt. 19 %                                                               38,95 €",
      "Gesamtbetrag                                                            243,95 €"
    ])).toEqual([
      { description: "Sechskantschraube M8x40", quantity: 100, unit_price: 0.45, amount: 45 },
      { description: "Montagearbeiten", quantity: 2.5, unit_price: 64, amount: 160 }
    ])
  })

  it("leaves a VAT rate column between quantity and price out, and reads a period column beside the name", () => {
    expect(extract([
      "Pos. Bezeichnung          Zeitraum                  Menge   MwSt.   Einzelpreis     Gesamt",
      "1    Webhosting Paket M   01.10.2026 - 31.10.2026   1 St    19 %    EUR 9,90     EUR 9,90",
      "2    Domain .de           01.10.2026 - 30.09.2027   2 x     19 %    EUR 1,20     EUR 2,40"
    ])).toEqual([
      { description: "Webhosting Paket M", quantity: 1, unit_price: 9.9, amount: 9.9 },
      { description: "Domain .de", quantity: 2, unit_price: 1.2, amount: 2.4 }
    ])
  })
})

describe("prices headed with their VAT basis", () => {
  it("reads 'Prijs excl. BTW' as the unit price and 'Bedrag excl. BTW' as the amount, not as tax columns", () => {
    expect(extract([
      "Nr.  Omschrijving          Aantal   Prijs excl. BTW   Bedrag excl. BTW   Bedrag incl. BTW",
      "1    Thermostaatkraan       3 x          € 24,00           € 72,00            € 87,12",
      "2    Arbeidsloon monteur    1,5 x        € 60,00           € 90,00           € 108,90"
    ])).toEqual([
      { description: "Thermostaatkraan", quantity: 3, unit_price: 24, amount: 72 },
      { description: "Arbeidsloon monteur", quantity: 1.5, unit_price: 60, amount: 90 }
    ])
  })

  it("takes the basis off a heading, keeping a heading that is only its basis", () => {
    expect(withoutTaxBasis("Prijs excl. BTW")).toBe("Prijs")
    expect(withoutTaxBasis("Totaal incl. btw")).toBe("Totaal")
    expect(withoutTaxBasis("Einzelpreis netto")).toBe("Einzelpreis")
    expect(withoutTaxBasis("Unit price (excl. VAT)")).toBe("Unit price")
    expect(withoutTaxBasis("Montant HT")).toBe("Montant")
    expect(withoutTaxBasis("Netto")).toBe("Netto")
    expect(withoutTaxBasis("MwSt.")).toBe("MwSt.")
    expect(itemHeading("Gesamtpreis brutto")).toBe("amount")
  })
})

describe("discount lines", () => {
  it("reads a discount's amount as negative with its minus set apart or glued on", () => {
    expect(extract([
      "Aantal  Artikel                         Prijs         Totaal",
      "1       Koffiezetapparaat Deluxe      € 89,00       € 89,00",
      "1       Korting                       - € 8,90      - € 8,90",
      "1       Kortingscode WELKOM           € -5,00       € -5,00"
    ])).toEqual([
      { description: "Koffiezetapparaat Deluxe", quantity: 1, unit_price: 89, amount: 89 },
      { description: "Korting", quantity: 1, unit_price: -8.9, amount: -8.9 },
      { description: "Kortingscode WELKOM", quantity: 1, unit_price: -5, amount: -5 }
    ])
  })

  it("reads a minus glued to the amount as its sign, not a code's dash", () => {
    expect(moneyIn("-25,00 €").map((m) => m.amount)).toEqual(["-25.00"])
    expect(moneyIn("€ -25,00").map((m) => m.amount)).toEqual(["-25.00"])
    expect(moneyIn("INV-1234")).toEqual([])
    expect(moneyIn("555-1234").map((m) => m.amount)).toEqual(["555"])
  })

  it("keeps a minus set apart with the amount it signs when cutting a positioned cell", () => {
    const cell = (text: string, x0: number, x1: number) => ({ text, x0, x1, items: [], ref: null })
    const headings = [cell("Beschreibung", 100, 160), cell("Anzahl", 300, 340), cell("Preis", 380, 420)]
    // the discount's name and its signed price drawn as one run across the headings
    expect(splitAtHeadings([cell("Treuerabatt                          - 2,45 €", 100, 418)], headings).map((c) => c.text)).toEqual(["Treuerabatt", "- 2,45 €"])
  })
})
