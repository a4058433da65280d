/**
 * The data the third-party templates are fed: seeded invoices with parties, items, dates, tax and
 * discount of their own (not the pools of eval/lib/data.ts, which the engine's rules were written
 * against). Each template prints what it is given in its own layout; the truth is this data, as
 * the template prints it (templates/*.ts).
 */
import type { Prng } from "../lib/prng.js"

/** a country's conventions: how its invoices write dates and amounts, and the currency they bill in */
export interface Locale {
  readonly tag: "en-US" | "en-GB" | "de-DE" | "nl-NL" | "es-ES" | "de-CH" | "fr-FR" | "it-IT"
  readonly currency: "USD" | "GBP" | "EUR" | "CHF"
  readonly country: string
}

export const LOCALES: ReadonlyArray<Locale> = [
  { tag: "en-US", currency: "USD", country: "USA" },
  { tag: "en-GB", currency: "GBP", country: "United Kingdom" },
  { tag: "de-DE", currency: "EUR", country: "Germany" },
  { tag: "nl-NL", currency: "EUR", country: "Netherlands" },
  { tag: "es-ES", currency: "EUR", country: "Spain" },
  { tag: "de-CH", currency: "CHF", country: "Switzerland" },
  { tag: "fr-FR", currency: "EUR", country: "France" },
  { tag: "it-IT", currency: "EUR", country: "Italy" }
]

/**
 * A party as a template is given it: the legal name, an optional contact person, the address lines
 * (one line, or street and town apart, with or without the country) and contact details.
 */
export interface Party {
  readonly name: string
  readonly person: string | null
  readonly street: string
  readonly town: string
  readonly country: string
  readonly phone: string
  readonly email: string
  readonly taxId: string | null
}

interface Place { readonly street: string; readonly town: string; readonly phone: string }

const PLACES: Record<Locale["tag"], ReadonlyArray<Place>> = {
  "en-US": [
    { street: "3150 Bayside Drive, Unit 12", town: "Tampa, FL 33607", phone: "(813) 555-0142" },
    { street: "71 Foundry Row", town: "Providence, RI 02903", phone: "(401) 555-0178" },
    { street: "9020 W Sahara Ave", town: "Las Vegas, NV 89117", phone: "(702) 555-0111" },
    { street: "415 Canal Street, 4th Floor", town: "New Orleans, LA 70130", phone: "(504) 555-0163" }
  ],
  "en-GB": [
    { street: "Unit 7, Wharfside Works", town: "Leeds LS10 1PZ", phone: "0113 496 0210" },
    { street: "18 Fore Street", town: "Exeter EX4 3AN", phone: "01392 496 033" },
    { street: "The Old Granary, Mill Road", town: "Norwich NR3 4QX", phone: "01603 496 877" }
  ],
  "de-DE": [
    { street: "Goethestraße 41", town: "60313 Frankfurt am Main", phone: "+49 69 4589 2210" },
    { street: "Am Sandtorkai 5", town: "20457 Hamburg", phone: "+49 40 3320 1187" },
    { street: "Kaiserstraße 12a", town: "76133 Karlsruhe", phone: "+49 721 550 934" }
  ],
  "nl-NL": [
    { street: "Oudegracht 188", town: "3511 NP Utrecht", phone: "+31 30 231 4470" },
    { street: "Stationsplein 45", town: "3013 AK Rotterdam", phone: "+31 10 414 2290" }
  ],
  "es-ES": [
    { street: "Calle de Alcalá 122, 3º B", town: "28009 Madrid", phone: "+34 914 358 210" },
    { street: "Passeig de Gràcia 54", town: "08007 Barcelona", phone: "+34 932 151 776" }
  ],
  "de-CH": [
    { street: "Bahnhofstrasse 28", town: "8001 Zürich", phone: "+41 44 211 48 90" },
    { street: "Spitalgasse 9", town: "3011 Bern", phone: "+41 31 312 55 07" }
  ],
  "fr-FR": [
    { street: "27 rue Sainte-Catherine", town: "33000 Bordeaux", phone: "+33 5 56 44 12 90" },
    { street: "5 place Bellecour", town: "69002 Lyon", phone: "+33 4 78 37 21 55" }
  ],
  "it-IT": [
    { street: "Via Torino 61", town: "20123 Milano", phone: "+39 02 8646 2231" },
    { street: "Corso Vittorio Emanuele II 18", town: "10123 Torino", phone: "+39 011 562 9940" }
  ]
}

/** legal forms by country, so the names read as that country's companies */
const COMPANIES: Record<Locale["tag"], ReadonlyArray<string>> = {
  "en-US": ["Copperline Robotics Inc.", "Tidewater Marine Supply LLC", "Redwood Ledger Partners", "Gallagher & Finch Architects", "Prairie Sun Solar Corp."],
  "en-GB": ["Holloway Print Works Ltd", "Brackenridge Surveyors LLP", "Fenwick Joinery Ltd", "Larkspur Media Ltd"],
  "de-DE": ["Schreinerei Albrecht GmbH", "Weißdorn Medizintechnik AG", "Kranich Elektro GmbH & Co. KG", "Brandt Umzüge e.K."],
  "nl-NL": ["Zeeland Koeltechniek B.V.", "Bakker & De Vries Advocaten", "Studio Vlinder V.O.F."],
  "es-ES": ["Construcciones Olmedo S.L.", "Talleres Iberia S.A.", "Estudio Marea S.L.U."],
  "de-CH": ["Alpenblick Treuhand AG", "Gerber Holzbau GmbH", "Rheinfall Events GmbH"],
  "fr-FR": ["Boulangerie Fournier SARL", "Cabinet Morel & Associés", "Atelier Garance SAS"],
  "it-IT": ["Officine Lombarde S.r.l.", "Studio Bellini S.a.s.", "Ceramiche Riva S.p.A."]
}

const PEOPLE: ReadonlyArray<string> = [
  "Rebecca Tran", "Matthias Vogel", "Ines Castillo", "Pieter de Boer", "Giulia Ferraro", "Samuel Okafor", "Claire Dubois",
  "Jonas Lindqvist", "Fiona MacLeod", "Reto Baumann", "Lucía Navarro", "Kevin Ashworth"
]

const TAX_IDS: Record<Locale["tag"], (p: Prng) => string> = {
  "en-US": (p) => `EIN ${p.int(10, 99)}-${p.int(1000000, 9999999)}`,
  "en-GB": (p) => `VAT GB${p.int(100, 999)} ${p.int(1000, 9999)} ${p.int(10, 99)}`,
  "de-DE": (p) => `USt-IdNr. DE${p.int(100000000, 999999999)}`,
  "nl-NL": (p) => `BTW NL${p.int(100000000, 999999999)}B01`,
  "es-ES": (p) => `NIF B${p.int(10000000, 99999999)}`,
  "de-CH": (p) => `MWST CHE-${p.int(100, 999)}.${p.int(100, 999)}.${p.int(100, 999)}`,
  "fr-FR": (p) => `TVA FR${p.int(10, 99)}${p.int(100000000, 999999999)}`,
  "it-IT": (p) => `P.IVA IT${p.int(10000000000, 99999999999)}`
}

const domain = (name: string) => name.toLowerCase().normalize("NFD").replace(/[^a-z ]/g, "").trim().split(/\s+/).slice(0, 2).join("")

const party = (p: Prng, locale: Locale, name: string, person: boolean): Party => {
  const place = p.pick(PLACES[locale.tag])
  return {
    name, person: person ? p.pick(PEOPLE) : null, street: place.street, town: place.town, country: locale.country, phone: place.phone,
    email: `${p.pick(["billing", "accounts", "office", "hello"])}@${domain(name)}.${locale.tag === "en-US" ? "com" : locale.tag.slice(3).toLowerCase()}`,
    taxId: p.chance(0.6) ? TAX_IDS[locale.tag](p) : null
  }
}

export interface Item { readonly description: string; readonly quantity: number; readonly unitPrice: number }

const GOODS: ReadonlyArray<readonly [string, number, number, boolean]> = [
  ["Structural survey, site visit", 280, 650, false],
  ["Solar panel mounting rail 2.4 m", 18, 46, false],
  ["Bookkeeping, monthly close", 350, 900, false],
  ["Copywriting (hours)", 55, 120, true],
  ["Oak worktop, 3000 x 620 mm", 240, 480, false],
  ["Refrigerant R-32, 5 kg cylinder", 85, 160, false],
  ["Event staff, evening shift", 140, 260, false],
  ["Photo retouching (per image)", 6, 18, false],
  ["Removal van with two movers (hours)", 75, 140, true],
  ["Cable tray 60 x 300 mm", 9.5, 24, false],
  ["Legal advice (hours)", 160, 340, true],
  ["Sourdough starter kit", 12, 29, false],
  ["Annual maintenance contract", 900, 2600, false],
  ["Ceramic floor tiles (m2)", 22, 64, true],
  ["Timber framing, labour day", 380, 720, false],
  ["Domain renewal, 1 year", 12, 35, false]
]

export interface Invoice {
  readonly locale: Locale
  readonly number: string
  /** ISO dates */
  readonly issued: string
  readonly due: string | null
  readonly vendor: Party
  readonly customer: Party
  readonly items: ReadonlyArray<Item>
  /** per cent, 0 for none */
  readonly taxRate: number
  /** an amount off the order, 0 for none */
  readonly discount: number
}

const pad = (n: number) => String(n).padStart(2, "0")
const NUMBERS: ReadonlyArray<(p: Prng, year: number) => string> = [
  (p, y) => `${y}-${p.int(100, 999)}`,
  (p) => `INV-${p.int(10000, 99999)}`,
  (p, y) => `${p.pick(["RE", "F", "FAC", "R"])}${y}${pad(p.int(1, 12))}${p.int(10, 99)}`,
  (p) => String(p.int(1000, 9999)),
  (p, y) => `${y % 100}/${p.int(1, 480)}`
]

const TAX_RATES: Record<Locale["tag"], ReadonlyArray<number>> = {
  "en-US": [0, 6.25, 8.875], "en-GB": [20, 0], "de-DE": [19, 7], "nl-NL": [21, 9], "es-ES": [21, 10], "de-CH": [8.1, 2.6], "fr-FR": [20, 10], "it-IT": [22, 10]
}

/** one seeded invoice; `locales` narrows the countries to those a template can print */
export const invoiceOf = (p: Prng, locales: ReadonlyArray<Locale>): Invoice => {
  const locale = p.pick(locales)
  const year = p.pick([2024, 2025, 2026])
  const month = p.int(1, 12)
  const day = p.int(1, 28)
  const issued = `${year}-${pad(month)}-${pad(day)}`
  const dueDays = p.pick([null, 14, 30, 30, 45, 60])
  const due = dueDays === null ? null : new Date(Date.UTC(year, month - 1, day + dueDays)).toISOString().slice(0, 10)
  const vendorLocale = locale
  const customerLocale = p.chance(0.7) ? locale : p.pick(locales)
  const vendorName = p.pick(COMPANIES[vendorLocale.tag])
  const customerName = p.pick(COMPANIES[customerLocale.tag].filter((n) => n !== vendorName))
  const count = p.pick([1, 2, 3, 3, 4, 5, 7])
  const items = p.sample(GOODS, count).map(([description, min, max, hours]): Item => ({
    description,
    quantity: hours ? p.pick([1.5, 2, 4, 7.5, 12]) : p.pick([1, 1, 2, 3, 5, 10, 24]),
    unitPrice: p.money(min, max)
  }))
  const taxRate = p.pick(TAX_RATES[locale.tag])
  const discount = p.chance(0.3) ? p.pick([10, 25, 50, 100]) : 0
  return {
    locale, number: p.pick(NUMBERS)(p, year), issued, due,
    vendor: party(p, vendorLocale, vendorName, p.chance(0.2)),
    // a private customer is billed by name; a company may have a contact person
    customer: p.chance(0.2) ? { ...party(p, customerLocale, p.pick(PEOPLE), false), taxId: null } : party(p, customerLocale, customerName, p.chance(0.5)),
    items, taxRate, discount
  }
}
