/**
 * Where an item table ends, and the labelled details printed under an item: web shops and hosting
 * providers print an article's number, a serial number, a delivery date or a billing period under
 * the item's name (German, Dutch, French, English); after the last item come a subtotal, a shipping
 * charge, references and notes, or a page's carried sum and repeated header. Small fixtures written
 * for these tests, from general knowledge of such invoices.
 */
import { describe, expect, it } from "vitest"
import { extractFromText, INVOICE } from "./local-extract-fixture.js"
import { isItemDetail } from "../../src/intelligence/local/layout/items.js"
import { lacksMoney, restatesSum } from "../../src/intelligence/local/layout/table-foot.js"

const read = (lines: ReadonlyArray<string>) => extractFromText(INVOICE, lines.join("\n"), "doc.txt")
const extract = (lines: ReadonlyArray<string>) => read(lines)["line_items"]

describe("details under an item's name", () => {
  it("goes on past a labelled detail or a period under the name, keeping the description to the name (German)", () => {
    expect(extract([
      "Pos.  Bezeichnung                         Menge    Einzelpreis    Gesamtpreis",
      "1     Managed Server L                        1      49,00 EUR      49,00 EUR",
      "      Zeitraum: 01.10.2026 - 31.10.2026",
      "2     Backup 100 GB                           1       5,00 EUR       5,00 EUR",
      "      01.10.2026 - 31.10.2026",
      "3     SSL-Zertifikat                          2      19,00 EUR      38,00 EUR",
      "      Art.-Nr.: 4711",
      "",
      "Zwischensumme                                                    92,00 EUR"
    ])).toEqual([
      { description: "Managed Server L", quantity: 1, unit_price: 49, amount: 49 },
      { description: "Backup 100 GB", quantity: 1, unit_price: 5, amount: 5 },
      { description: "SSL-Zertifikat", quantity: 2, unit_price: 19, amount: 38 }
    ])
  })

  it("joins a wrapped description and passes over the detail after it", () => {
    expect(extract([
      "Pos.  Bezeichnung                         Menge    Einzelpreis    Gesamtpreis",
      "1     Managed Server L                        1      49,00 EUR      49,00 EUR",
      "      inkl. 500 GB SSD,",
      "      Betriebssystem Debian",
      "      Leistungszeitraum: 01.10.2026 - 31.10.2026",
      "2     Backup 100 GB                           1       5,00 EUR       5,00 EUR",
      "",
      "Gesamtbetrag netto                                               54,00 EUR"
    ])).toEqual([
      { description: "Managed Server L inkl. 500 GB SSD, Betriebssystem Debian", quantity: 1, unit_price: 49, amount: 49 },
      { description: "Backup 100 GB", quantity: 1, unit_price: 5, amount: 5 }
    ])
  })

  it("passes over an article number drawn as a label and a value apart, and a delivery time under it (Dutch)", () => {
    expect(extract([
      "Artikel                                   Aantal     Prijs      Totaal",
      "Samsung Galaxy S24 128GB Zwart                1     799,00      799,00",
      "Artikelnummer:                           912345",
      "Levertijd: 1 werkdag",
      "Samsung hoesje                                2      19,99       39,98",
      "SKU: SH-22",
      "",
      "Totaal                                                          838,98"
    ])).toEqual([
      { description: "Samsung Galaxy S24 128GB Zwart", quantity: 1, unit_price: 799, amount: 799 },
      { description: "Samsung hoesje", quantity: 2, unit_price: 19.99, amount: 39.98 }
    ])
  })

  it("reads French and English details as details", () => {
    expect(extract([
      "Réf.    Désignation                     Qté     P.U. HT     Total HT",
      "A12     Cartouche d'encre noire           3       24,00        72,00",
      "        Numéro de série : SN-99",
      "B07     Ramette papier A4                10        4,50        45,00",
      "        Période : 01/10/2026 - 31/10/2026",
      "",
      "Total HT                                                     117,00"
    ])).toEqual([
      { description: "Cartouche d'encre noire", quantity: 3, unit_price: 24, amount: 72 },
      { description: "Ramette papier A4", quantity: 10, unit_price: 4.5, amount: 45 }
    ])
    expect(extract([
      "Item                                  Qty      Price       Total",
      "Dell Latitude 5440                      1    1,099.00    1,099.00",
      "Serial no: 7HX92K3",
      "Delivery date: 12/10/2026",
      "Docking station WD19                    1      189.00      189.00",
      "Period: 10/01/2026 - 10/31/2026",
      "",
      "Total                                                   1,288.00"
    ])).toEqual([
      { description: "Dell Latitude 5440", quantity: 1, unit_price: 1099, amount: 1099 },
      { description: "Docking station WD19", quantity: 1, unit_price: 189, amount: 189 }
    ])
  })

  it("takes the name on the line above a row whose name's cell holds only a detail, past its position's number", () => {
    expect(extract([
      "Pos.  Beschreibung                              Menge    Einzelpreis      Gesamt",
      "1     Webhosting Paket L",
      "      Zeitraum: 01.01.2026 - 31.01.2026             1        9,90 €      9,90 €",
      "2     Domain example.de",
      "      Zeitraum: 01.01.2026 - 31.12.2026             1       12,00 €     12,00 €",
      "",
      "Summe netto                                                           21,90 €"
    ])).toEqual([
      { description: "Webhosting Paket L", quantity: 1, unit_price: 9.9, amount: 9.9 },
      { description: "Domain example.de", quantity: 1, unit_price: 12, amount: 12 }
    ])
  })

  it("keeps a wrapped line in lower case with the item above, before an item whose labelled name goes on", () => {
    expect(extract([
      "Description                          Qty      Unit price       Amount",
      "Site survey and cable route            1          450.00       450.00",
      "plan for two floors",
      "Labour: installation and               8           65.00       520.00",
      "",
      "Total                                                          970.00"
    ])).toEqual([
      { description: "Site survey and cable route plan for two floors", quantity: 1, unit_price: 450, amount: 450 },
      { description: "Labour: installation and", quantity: 8, unit_price: 65, amount: 520 }
    ])
  })

  it("tells a detail from a wrapped line of the name", () => {
    expect(isItemDetail("Leistungszeitraum: 01.10.2026 - 31.10.2026")).toBe(true)
    expect(isItemDetail("Serienummer: SN 44-1290")).toBe(true)
    expect(isItemDetail("Numéro de série : SN-99")).toBe(true)
    expect(isItemDetail("01.10.2026 - 31.10.2026")).toBe(true)
    expect(isItemDetail("verzinkt, DIN 933")).toBe(false)
    expect(isItemDetail("Länge 2 m, reinweiß")).toBe(false)
  })
})

describe("the table's foot", () => {
  it("ends at a subtotal when no section heading follows: a shipping charge printed like an item after it is none", () => {
    const out = read([
      "Artikel                                   Aantal     Prijs      Totaal",
      "Samsung Galaxy S24 128GB Zwart                1     799,00      799,00",
      "Samsung hoesje                                2      19,99       39,98",
      "Subtotaal                                                       838,98",
      "Verzendkosten                                 1       4,95        4,95",
      "Totaal                                                          843,93"
    ])
    expect(out["line_items"]).toEqual([
      { description: "Samsung Galaxy S24 128GB Zwart", quantity: 1, unit_price: 799, amount: 799 },
      { description: "Samsung hoesje", quantity: 2, unit_price: 19.99, amount: 39.98 }
    ])
    expect(out["subtotal"]).toBe(838.98)
    expect(out["total"]).toBe(843.93)
  })

  it("ends before references and a payment line after the items", () => {
    expect(extract([
      "Artikel                                   Aantal     Prijs      Totaal",
      "Koffiebonen 1 kg                              2      14,95       29,90",
      "Melkopschuimer                                1      39,00       39,00",
      "",
      "Bestelnummer                                 12345678",
      "Klantnummer                                  4711"
    ])).toHaveLength(2)
    expect(extract([
      "Description                          Qty      Unit price       Amount",
      "Widget A                               2           10.00        20.00",
      "Widget B                               1            5.00         5.00",
      "Paid by Visa on 12/10/2026                                     25.00"
    ])).toEqual([
      { description: "Widget A", quantity: 2, unit_price: 10, amount: 20 },
      { description: "Widget B", quantity: 1, unit_price: 5, amount: 5 }
    ])
  })

  it("goes on past a page's carried sum and repeated header, the details kept out", () => {
    expect(extract([
      "Pos.  Bezeichnung                 Menge    Einzelpreis    Gesamtpreis",
      "1     Dübel 8 mm                    100          0,12          12,00",
      "      Art.-Nr.: 4711",
      "2     Holzschraube 4x40              50          0,08           4,00",
      "      Art.-Nr.: 4712",
      "                                           Übertrag          16,00",
      "\f",
      "Pos.  Bezeichnung                 Menge    Einzelpreis    Gesamtpreis",
      "                                           Übertrag          16,00",
      "3     Winkelverbinder                 6          1,50           9,00",
      "      Art.-Nr.: 4713",
      "",
      "                                      Summe netto           25,00"
    ])).toEqual([
      { description: "Dübel 8 mm", quantity: 100, unit_price: 0.12, amount: 12 },
      { description: "Holzschraube 4x40", quantity: 50, unit_price: 0.08, amount: 4 },
      { description: "Winkelverbinder", quantity: 6, unit_price: 1.5, amount: 9 }
    ])
  })

  it("knows a row without money and a row restating the items' sum", () => {
    const names = { quantity: "quantity", unitPrice: "unit_price", amount: "amount" }
    const items = [{ description: "A", quantity: 2, unit_price: 10, amount: 20 }, { description: "B", quantity: 1, unit_price: 5, amount: 5 }]
    expect(lacksMoney({ description: "Bestelnummer", quantity: 12345678 }, items, names)).toBe(true)
    expect(lacksMoney({ description: "Free sample", quantity: 1, amount: 0 }, items, names)).toBe(false)
    expect(lacksMoney({ description: "Bestelnummer", quantity: 12345678 }, [], names)).toBe(false)
    expect(restatesSum({ description: "Paid", amount: 25 }, items, names)).toBe(true)
    expect(restatesSum({ description: "C", quantity: 5, unit_price: 5, amount: 25 }, items, names)).toBe(false)
    expect(restatesSum({ description: "Shipping", amount: 4.95 }, items, names)).toBe(false)
  })
})
