/** Pools of invented businesses, people and goods the documents are made of. */
import type { Currency } from "./format.js"

export interface Party {
  readonly name: string
  readonly address: ReadonlyArray<string>
  readonly email: string
  readonly taxId: string | null
}

const us = (name: string, street: string, city: string, email: string): Party => ({ name, address: [street, city, "United States"], email, taxId: null })
const uk = (name: string, street: string, city: string, email: string, vat: string): Party => ({ name, address: [street, city, "United Kingdom"], email, taxId: `VAT Reg. No. GB ${vat}` })
const eu = (name: string, street: string, city: string, country: string, email: string, vat: string): Party => ({ name, address: [street, city, country], email, taxId: `VAT ID ${vat}` })

export const VENDORS: Record<Currency, ReadonlyArray<Party>> = {
  USD: [
    us("Northwind Traders Inc.", "1420 Commerce Street, Suite 300", "Dallas, TX 75201", "billing@northwindtraders.com"),
    us("Blue Ridge Analytics LLC", "88 Peachtree Center Ave NE", "Atlanta, GA 30303", "accounts@blueridgeanalytics.io"),
    us("Summit Office Supply Co.", "2210 Larimer Street", "Denver, CO 80205", "ar@summitofficesupply.com"),
    us("Cascade Cloud Services Inc.", "500 Pine Street, Floor 12", "Seattle, WA 98101", "invoices@cascadecloud.com"),
    us("Harborview Logistics Corp.", "77 Marine Terminal Road", "Long Beach, CA 90802", "finance@harborviewlogistics.com")
  ],
  GBP: [
    uk("Thames Valley Print Ltd", "Unit 4, Kennet Business Park", "Reading RG1 3EQ", "accounts@tvprint.co.uk", "284 7731 90"),
    uk("Pennine Engineering Ltd", "12 Mill Lane", "Huddersfield HD1 5AB", "sales@pennine-eng.co.uk", "731 2209 14"),
    uk("Kestrel Digital Ltd", "3rd Floor, 41 Shudehill", "Manchester M4 4AA", "hello@kestreldigital.co.uk", "902 4471 36"),
    uk("Oakham & Reid Consulting LLP", "9 Charlotte Square", "Edinburgh EH2 4DR", "billing@oakhamreid.co.uk", "615 8830 22")
  ],
  EUR: [
    eu("Müller Industrietechnik GmbH", "Hafenstraße 23", "20457 Hamburg", "Germany", "rechnung@mueller-it.de", "DE 812 334 910"),
    eu("Lumière Design SARL", "14 rue de la Roquette", "75011 Paris", "France", "compta@lumiere-design.fr", "FR 41 829 331 447"),
    eu("Van Dijk Logistiek B.V.", "Keizersgracht 221", "1016 DV Amsterdam", "Netherlands", "facturen@vandijklogistiek.nl", "NL 8551.23.907.B01"),
    eu("Nordlicht Software GmbH", "Leopoldstraße 110", "80802 München", "Germany", "billing@nordlicht-software.de", "DE 297 118 402")
  ]
}

export const CUSTOMERS: ReadonlyArray<Party> = [
  us("Granite Peak Hospitality Group", "455 Market Street", "San Francisco, CA 94105", "ap@granitepeak.com"),
  us("Meridian Health Partners", "1200 Boylston Street", "Boston, MA 02215", "payables@meridianhp.org"),
  uk("Ashford & Cole Solicitors", "22 Gray's Inn Road", "London WC1X 8HR", "accounts@ashfordcole.co.uk", "447 1029 83"),
  uk("Brightwater Housing Trust", "Riverside House, 5 Quay Street", "Bristol BS1 4DJ", "finance@brightwater.org.uk", "118 3345 07"),
  eu("Costa Verde Hoteles S.L.", "Avenida de Andalucía 45", "29006 Málaga", "Spain", "administracion@costaverde.es", "ES B93211845"),
  eu("Bergmann & Söhne KG", "Königsallee 60", "40212 Düsseldorf", "Germany", "buchhaltung@bergmann-soehne.de", "DE 119 554 271"),
  us("Pioneer Valley School District", "90 Main Street", "Northampton, MA 01060", "business.office@pvsd.org"),
  eu("Atelier Rousseau SAS", "8 quai Saint-Antoine", "69002 Lyon", "France", "factures@atelier-rousseau.fr", "FR 77 412 908 331"),
  us("Lakeshore Dental Group PC", "310 N Michigan Ave", "Chicago, IL 60601", "office@lakeshoredental.com")
]

export interface CatalogItem { readonly description: string; readonly min: number; readonly max: number; readonly hours?: boolean }

export const CATALOG: ReadonlyArray<CatalogItem> = [
  { description: "Consulting services", min: 95, max: 220, hours: true },
  { description: "Annual software license (per seat)", min: 120, max: 480 },
  { description: "A4 copy paper, box of 5 reams", min: 18, max: 34 },
  { description: "Toner cartridge, black, high yield", min: 65, max: 140 },
  { description: "Cloud hosting, standard instance", min: 80, max: 350 },
  { description: "On-site support visit", min: 150, max: 400 },
  { description: "Ergonomic office chair", min: 180, max: 520 },
  { description: "27-inch monitor", min: 190, max: 420 },
  { description: "USB-C docking station", min: 110, max: 260 },
  { description: "Freight and handling", min: 25, max: 180 },
  { description: "Installation labour", min: 60, max: 140, hours: true },
  { description: "Website maintenance retainer", min: 300, max: 1500 },
  { description: "Data migration project phase", min: 900, max: 4800 },
  { description: "Training workshop, full day", min: 650, max: 2200 },
  { description: "Stainless steel bracket, M8", min: 2.4, max: 9.8 },
  { description: "Hydraulic hose assembly 1/2\"", min: 22, max: 75 },
  { description: "Safety gloves, pack of 12", min: 14, max: 39 },
  { description: "Business cards, 500 pcs", min: 29, max: 85 },
  { description: "Brochure printing, A5 tri-fold", min: 0.35, max: 1.4 },
  { description: "Network switch, 24-port", min: 240, max: 690 },
  { description: "UX design sprint", min: 2500, max: 7800 },
  { description: "Pallet storage, per week", min: 6, max: 18 },
  { description: "Translation services (per 1,000 words)", min: 90, max: 160 },
  { description: "Laptop, 14-inch, 16 GB RAM", min: 899, max: 1799 }
]

export const PEOPLE: ReadonlyArray<string> = [
  "Emily Carter", "James O'Connor", "Sofia Martínez", "Liam Brennan", "Hannah Schulz", "Oliver Grant", "Priya Raman",
  "Marcus Whitfield", "Chloé Durand", "Daniel Kowalski", "Aisha Bello", "Thomas Berger", "Grace Whitmore", "Noah Fischer"
]

export interface Merchant { readonly name: string; readonly address: ReadonlyArray<string>; readonly currency: Currency; readonly items: ReadonlyArray<[string, number, number]> }

export const MERCHANTS: ReadonlyArray<Merchant> = [
  { name: "FreshMart Grocers", address: ["2150 Broadway", "New York, NY 10023"], currency: "USD", items: [["Organic bananas", 1.2, 3.5], ["Whole milk 1 gal", 3.2, 5.1], ["Sourdough loaf", 4.5, 7.9], ["Free-range eggs 12ct", 3.9, 6.8], ["Cheddar cheese 8oz", 3.5, 6.2], ["Coffee beans 12oz", 8.9, 14.5], ["Spinach 5oz", 2.9, 4.9]] },
  { name: "The Daily Grind Coffee", address: ["17 Market Street", "Portland, OR 97205"], currency: "USD", items: [["Cappuccino 12oz", 3.9, 5.4], ["Latte 16oz", 4.4, 6.1], ["Blueberry muffin", 2.9, 3.9], ["Avocado toast", 8.5, 11.5], ["Cold brew", 4.2, 5.6]] },
  { name: "Corner Hardware & Garden", address: ["58 High Street", "Guildford GU1 3DY"], currency: "GBP", items: [["Wood screws 4x40 (200)", 4.5, 7.9], ["Paint roller set", 6.5, 12.9], ["Masking tape 25mm", 1.9, 3.5], ["Compost 40L", 4.9, 7.5], ["Garden twine", 2.2, 3.9], ["Extension lead 4-way", 9.9, 16.5]] },
  { name: "Page Turner Books", address: ["4 Bridge Street", "Cambridge CB2 1UF"], currency: "GBP", items: [["Paperback fiction", 7.99, 10.99], ["Hardback biography", 16.99, 25.0], ["Notebook A5", 4.5, 9.99], ["Greeting card", 2.5, 3.95], ["Children's picture book", 6.99, 12.99]] },
  { name: "Bella Napoli Trattoria", address: ["Via dei Coronari 112", "00186 Roma"], currency: "EUR", items: [["Pizza Margherita", 8.5, 11.0], ["Spaghetti carbonara", 12.0, 15.5], ["Tiramisù", 6.0, 7.5], ["Acqua minerale 0,75l", 3.0, 4.5], ["Vino della casa 0,5l", 9.0, 14.0], ["Caffè espresso", 1.5, 2.5]] },
  { name: "Stadtbäckerei Hoffmann", address: ["Marienplatz 8", "80331 München"], currency: "EUR", items: [["Laugenbrezel", 0.9, 1.4], ["Roggenbrot 750g", 3.6, 4.9], ["Apfelstrudel", 3.2, 4.5], ["Kaffee groß", 2.9, 3.9], ["Butterhörnchen", 1.3, 1.9]] },
  { name: "Metro Fuel Station #214", address: ["9801 Route 9", "Albany, NY 12205"], currency: "USD", items: [["Unleaded 87 (gal)", 3.05, 3.89], ["Windshield washer fluid", 3.99, 6.49], ["Bottled water 1L", 1.49, 2.49], ["Energy bar", 1.99, 2.99]] },
  { name: "QuickPrint Copy Centre", address: ["221 Deansgate", "Manchester M3 4EN"], currency: "GBP", items: [["Colour copies A4", 0.25, 0.6], ["Binding, comb", 2.5, 4.5], ["Lamination A3", 1.8, 3.2], ["Poster print A1", 14.0, 24.0]] }
]

export const BANKS: Record<Currency, ReadonlyArray<{ name: string; address: string }>> = {
  USD: [{ name: "First Continental Bank", address: "PO Box 4410, Charlotte, NC 28202" }, { name: "Great Lakes Federal Credit Union", address: "1 Riverfront Plaza, Detroit, MI 48226" }],
  GBP: [{ name: "Albion Savings Bank plc", address: "1 Threadneedle Walk, London EC2R 8AH" }, { name: "Caledonian Bank", address: "40 St Andrew Square, Edinburgh EH2 2YE" }],
  EUR: [{ name: "Rheinland Sparkasse", address: "Rheinuferstraße 5, 50668 Köln" }, { name: "Banque du Littoral", address: "12 boulevard Haussmann, 75009 Paris" }]
}

export const TRANSACTION_DESCRIPTIONS = {
  debit: [
    "CARD PAYMENT TESCO STORES 3021", "DIRECT DEBIT BRITISH GAS", "AMAZON MKTPLACE PMTS", "UBER *TRIP HELP.UBER.COM", "NETFLIX.COM SUBSCRIPTION",
    "ATM WITHDRAWAL 221 MAIN ST", "STANDING ORDER RENT FLAT 2", "CITY WATER UTILITY AUTOPAY", "SHELL OIL 57442", "VODAFONE LTD DD",
    "WHOLE FOODS MARKET #1042", "COUNCIL TAX DD", "SPOTIFY P1A2B3", "TRANSFER TO SAVINGS", "GYM MEMBERSHIP FLEXFIT", "INSURANCE PREMIUM AVIVA",
    "RESTAURANT LA PERGOLA", "PHARMACY BOOTS 1187", "PARKING METER CITY CTR", "DB BAHN TICKET ONLINE"
  ],
  credit: [
    "SALARY ACME WIDGETS LTD", "TRANSFER FROM J SMITH", "REFUND AMAZON EU SARL", "INTEREST PAID", "PAYPAL TRANSFER IN", "HMRC TAX REFUND",
    "DIVIDEND VANGUARD", "CLIENT PAYMENT INV 2291"
  ]
} as const
