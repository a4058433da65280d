/**
 * A receipt's merchant named only in its closing line: "Thank you for shopping at Greenleaf
 * Market!", "Thanks for dining with Rosa's Kitchen", "Vielen Dank für Ihren Einkauf bei Müller",
 * "Merci de votre visite chez Boulangerie Paul", "Bedankt voor uw aankoop bij Hema". The name runs
 * to the line's end or its closing punctuation; "us" / "uns" / "nous" name nobody.
 */
import { type LayoutRow, textOfRow } from "../../../documents/layout/layout.js"

const THANKS = new RegExp(
  [
    String.raw`thanks?(?: you)?(?: so much| very much)? for (?:shopping|dining|eating|staying|visiting|choosing|flying|banking|your (?:purchase|order|visit|business|custom|stay))(?: (?:at|with|in|from|on))?`,
    String.raw`(?:vielen )?dank(?:e)? (?:f(?:ü|ue)r ihren (?:einkauf|besuch)|dass sie) (?:bei|im|in der|in)`,
    String.raw`merci (?:de votre (?:visite|achat)|pour votre (?:visite|achat)|d'avoir choisi)(?: (?:chez|à|a))?`,
    String.raw`bedankt voor (?:uw|je) (?:aankoop|bezoek|bestelling)(?: (?:bij|in))?`,
    String.raw`grazie per (?:aver scelto|il vostro acquisto(?: da| presso)?)`,
    String.raw`gracias por (?:su compra|comprar|elegir)(?: en)?`
  ].map((p) => `(?:${p})`).join("|"),
  "iu"
)

const PRONOUN = /^(?:us|uns|nous|ons|noi|nosotros|our (?:store|shop|restaurant)|this (?:store|shop))\b/i

/** the merchant a closing line of thanks names, or null */
export const thankedName = (rows: ReadonlyArray<LayoutRow>, isName: (text: string) => string | null): string | null => {
  for (const row of [...rows].reverse()) {
    const text = textOfRow(row).replace(/\s+/g, " ").trim()
    const m = new RegExp(String.raw`(?:^|[\s*!.])(?:${THANKS.source})\s+(.+)$`, "iu").exec(text)
    if (m === null) continue
    const name = m[1]!.split(/\s*[!.?]+(?:\s|$)|\s[-–—|·•]\s|\s*[*]{2,}|,\s/)[0]!.replace(/[!.*]+$/, "").trim()
    if (name === "" || PRONOUN.test(name) || !/^[\p{Lu}\p{N}]/u.test(name)) continue
    const found = isName(name)
    if (found !== null) return found
  }
  return null
}
