/**
 * A multilingual vocabulary of business documents: the words French, German, Dutch, Polish,
 * Spanish and Italian invoices, receipts and statements print for the business terms of an
 * invoice (EN 16931's invoice number, issue date, due date, seller, buyer, line quantity, unit
 * price, line amount, sum without VAT, VAT, amount due), rendered in the English words the local
 * engine matches on. `toEnglish` rewrites a text word by word (folded: "Fälligkeitsdatum" and
 * "falligkeitsdatum" are the same), set phrases first ("facturé à" is "bill to", not "invoice"),
 * and splits German and Dutch compounds into known parts ("Rechnungs|nummer", "Einzel|preis",
 * "Factuur|datum"); a word it does not know is kept as it is, so English passes through unchanged.
 *
 * The words come from general knowledge of those languages' invoice vocabulary (the business-term
 * names of EN 16931's national versions and common usage), not from any one document.
 */
import { foldText } from "../../../decision/evaluator/local/text.js"

/** word (any case, accents as printed) → English words ("" drops it) */
const WORDS: ReadonlyArray<readonly [string, string]> = [
  // the document
  ...pairs("document", "documento dokument dokumentu document"),
  ...pairs("invoice", "facturation fakturierung facturering fakturowania facturación facturacion fatturazione facture factures rechnung rechnungen factuur facturen faktura faktury fakturze fakture factura facturas fattura fatture"),
  ...pairs("receipt", "reçu quittung kassenbon kassabon kassazettel paragon paragonu recibo scontrino ricevuta"),
  ...pairs("credit note", "avoir gutschrift creditnota korekta abono"),
  ...pairs("order", "commande bestellung auftrag bestelling zamówienie zamowienie pedido ordine"),
  ...pairs("statement", "relevé kontoauszug rekeningafschrift wyciąg extracto estratto"),
  ...pairs("contract", "contrat vertrag overeenkomst umowa contrato contratto"),
  ...pairs("delivery note", "lieferschein pakbon"),
  ...pairs("quote", "devis angebot offerte oferta preventivo"),
  // identifiers
  ...pairs("number", "numéro numero número nummer numer nr nr. n° n.º n. num núm nro"),
  ...pairs("reference", "référence referenz referentie kenmerk referencja referencia riferimento"),
  ...pairs("customer number", "kundennummer kundennr klantnummer klantnr"),
  // dates
  ...pairs("date", "datum data fecha dnia dzień dzien"),
  ...pairs("issue", "émission emission ausstellung ausstellungs wystawienia wystawiono emisión emisione emissione uitgifte"),
  ...pairs("due", "échéance echeance fälligkeit fälligkeits fällig faellig verval vervaldag vencimiento scadenza termin"),
  ...pairs("due date", "vervaldatum fälligkeitsdatum"),
  ...pairs("delivery", "livraison lieferung levering dostawy dostawa entrega consegna"),
  ...pairs("period", "période zeitraum periode okres periodo"),
  // parties
  ...pairs("supplier", "fournisseur lieferant leverancier dostawca proveedor fornitore prestataire anbieter"),
  ...pairs("seller", "vendeur verkäufer verkoper sprzedawca vendedor venditore cedente"),
  ...pairs("issuer", "émetteur emetteur rechnungssteller aussteller afzender wystawca emisor emittente"),
  ...pairs("customer", "client clients kunde kunden klant cliente clienti klient"),
  ...pairs("buyer", "acheteur käufer koper afnemer nabywca kupujący kupujacy comprador acquirente cessionario"),
  ...pairs("recipient", "destinataire empfänger ontvanger odbiorca destinatario"),
  ...pairs("bill recipient", "rechnungsempfänger"),
  ...pairs("bill address", "factuuradres rechnungsadresse"),
  ...pairs("address", "adresse adres adres direccion dirección indirizzo anschrift"),
  // lines
  ...pairs("description", "désignation designation libellé libelle bezeichnung beschreibung leistung omschrijving nazwa opis descripción descripcion concepto descrizione"),
  ...pairs("item", "towaru towarów towarow article artikel artikelen artykuł artykul articulo artículo articolo produit produkt product producto prodotto towar"),
  ...pairs("service", "prestation dienstleistung dienst usługa usluga usługi servicio servizio"),
  ...pairs("quantity", "quantité quantite qté qte menge anzahl aantal ilość ilosc cantidad cant uds unidades quantità quantita qtà qta q.tà"),
  ...pairs("unit", "unité unitaire einheit einzel stück stuk eenheid jednostka jedn jednostkowa jm unidad unitario unità unita unitario"),
  ...pairs("price", "prix preis prijs cena precio prezzo"),
  ...pairs("unit price", "p.u. pu stückpreis einzelpreis stukprijs eenheidsprijs"),
  ...pairs("amount", "montant montants betrag beträge bedrag bedragen kwota wartość wartosc importe importo cuota"),
  ...pairs("rate", "taux satz tarief stawka tipo aliquota"),
  ...pairs("discount", "remise rabatt korting rabat descuento sconto"),
  // totals and taxes
  ...pairs("total", "gesamt gesamtsumme summe endbetrag totaal razem suma totale ttc brutto bruto lordo"),
  ...pairs("subtotal", "sous-total zwischensumme subtotaal subtotale imponibile"),
  ...pairs("net", "ht netto neto excl excl. exkl exkl. hors zonder"),
  ...pairs("tax", "tva taxe taxes mwst mwst. ust ust. umsatzsteuer mehrwertsteuer steuer btw podatek iva imposta impuesto impuestos"),
  ...pairs("paid", "payé paye bezahlt betaald zapłacono zaplacono pagado pagato"),
  ...pairs("pay", "payer betaal régler regler zahlen bezahlen betalen zapłaty zaplaty zapłata zaplata płatności platnosci płatność platnosc pagar pagare pagamento pago paiement zahlung betaling"),
  ...pairs("payable", "zahlbar payable pagadero"),
  ...pairs("to", "à te do al a"),
  ...pairs("before", "avant voor przed antes entro bis"),
  ...pairs("including", "incl incl. inkl inkl. inclus compris inclusief"),
  ...pairs("", "zzgl zzgl. plus hoog laag lub de du des la le les der die das den dem des von vom zum zur am im van het een il di da del della dello el los las et und en y od na w z pour par sur für fur nach"),
  ...pairs("balance", "solde saldo"),
  ...pairs("currency", "devise währung valuta waluta moneda"),
  // payment
  ...pairs("cash", "espèces especes bargeld contant contanten gotówka gotowka efectivo contanti"),
  ...pairs("card", "carte karte kaart karta tarjeta carta"),
  ...pairs("credit card", "kreditkarte creditcard"),
  ...pairs("debit card", "pinpas bankkarte girocard"),
  ...pairs("bank transfer", "virement überweisung overschrijving przelew transferencia bonifico"),
  ...pairs("thank you", "merci danke bedankt dziękujemy dziekujemy gracias grazie")
]

/** set phrases, matched on folded text before single words */
const PHRASES: ReadonlyArray<readonly [string, string]> = [
  ["facturé à", "bill to"], ["facture à", "bill to"], ["rechnung an", "bill to"], ["factuur aan", "bill to"], ["facturar a", "bill to"], ["fatturare a", "bill to"], ["fattura a", "bill to"],
  ["carte de crédit", "credit card"], ["carte bancaire", "card"], ["tarjeta de crédito", "credit card"], ["carta di credito", "credit card"], ["karta kredytowa", "credit card"],
  ["karta płatnicza", "debit card"], ["tarjeta de débito", "debit card"], ["carta di debito", "debit card"],
  ["ticket de caisse", "receipt"], ["paragon fiskalny", "receipt"], ["ticket de compra", "receipt"],
  ["hors taxes", "net"], ["hors taxe", "net"], ["toutes taxes comprises", "total"], ["net à payer", "total to pay"], ["reste à payer", "total to pay"],
  ["base imponible", "subtotal"], ["prix unitaire", "unit price"], ["precio unitario", "unit price"], ["prezzo unitario", "unit price"],
  ["cena jednostkowa", "unit price"], ["cena jedn", "unit price"], ["do zapłaty", "total to pay"], ["te betalen voor", "due date"], ["uiterste betaaldatum", "due date"], ["te betalen", "total to pay"],
  ["zu zahlen", "total to pay"], ["zahlbar bis", "due date"], ["fällig am", "due date"], ["à régler avant le", "due date"], ["à régler avant", "due date"],
  ["à payer avant le", "due date"], ["pagar antes del", "due date"], ["pagamento entro il", "due date"], ["płatne do", "due date"], ["zapłata do", "due date"],
  ["termin płatności", "due date"], ["date d'échéance", "due date"], ["data di scadenza", "due date"], ["fecha de vencimiento", "due date"],
  ["data wystawienia", "issue date"], ["date d'émission", "issue date"], ["fecha de emisión", "issue date"], ["data di emissione", "issue date"],
  ["n. documento", "invoice number"], ["nr faktury", "invoice number"], ["numer faktury", "invoice number"]
]

function pairs(english: string, foreign: string): Array<readonly [string, string]> {
  return foreign.split(/\s+/).filter((w) => w !== "").map((w) => [w, english] as const)
}

const fold = (s: string) => foldText(s).trim()

const LEXICON: ReadonlyMap<string, string> = new Map(WORDS.map(([w, e]) => [fold(w), e]))
const PHRASE_LIST: ReadonlyArray<readonly [RegExp, string]> = PHRASES
  .map(([p, e]) => [fold(p), e] as const)
  .sort((a, b) => b[0].length - a[0].length)
  .map(([p, e]) => [new RegExp(`(?<![\\p{L}\\p{N}])${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+")}(?![\\p{L}\\p{N}])`, "gu"), e] as const)

/** German and Dutch compounds join their parts, sometimes with a linking "s", "e" or "en" */
const LINKS = ["", "s", "e", "en", "n"]
const MIN_PART = 3
const cache = new Map<string, string | null>()

/** The English of one folded word: itself in the lexicon, or a compound of two known parts; null when unknown. */
export const englishOfWord = (word: string): string | null => {
  const known = LEXICON.get(word) ?? LEXICON.get(word.replace(/\.$/, ""))
  if (known !== undefined) return known
  if (word.length < 2 * MIN_PART || !/^\p{L}+$/u.test(word)) return null
  const cached = cache.get(word)
  if (cached !== undefined) return cached
  let found: string | null = null
  // the longest head first: "rechnungs|nummer" before "rech|nungsnummer"
  // a tail of two letters only for "nr" ("Rechnungsnr", "Factuurnr")
  for (let cut = word.endsWith("nr") ? word.length - 2 : word.length - MIN_PART; cut >= MIN_PART && found === null; cut--) {
    const tail = LEXICON.get(word.slice(cut))
    if (tail === undefined || tail === "") continue
    for (const link of LINKS) {
      const headWord = word.slice(0, cut)
      if (link !== "" && !headWord.endsWith(link)) continue
      const head = LEXICON.get(headWord.slice(0, headWord.length - link.length))
      if (head !== undefined && head !== "" && headWord.length - link.length >= MIN_PART) {
        found = `${head} ${tail}`.trim()
        break
      }
    }
  }
  if (cache.size > 50_000) cache.clear()
  cache.set(word, found)
  return found
}

/**
 * The text with the vocabulary's words and phrases in English (folded, lower case). Words it does
 * not know stay as they are, punctuation and digits too, so values keep their place.
 */
export const toEnglish = (text: string): string => {
  let folded = foldText(text)
  for (const [re, english] of PHRASE_LIST) folded = folded.replace(re, english)
  return folded.replace(/n[°º]|[\p{L}][\p{L}.]*(?:-[\p{L}]+)*/gu, (w) => {
    const trailingDot = w.endsWith(".") && !LEXICON.has(w) ? "." : ""
    const bare = trailingDot === "" ? w : w.slice(0, -1)
    const english = englishOfWord(bare) ?? (bare.includes("-") ? bare.split("-").map((p) => englishOfWord(p) ?? p).join(" ") : null)
    return english === null ? w : `${english}${trailingDot}`
  })
}

/** Whether the text has a word or phrase of the vocabulary (a foreign business document). */
export const hasForeignTerms = (text: string): boolean => toEnglish(text) !== foldText(text)
