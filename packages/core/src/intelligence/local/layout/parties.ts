/**
 * Reading parties out of document text, for the local extractors: a company name is a phrase
 * ending in a legal suffix (Inc, LLC, Ltd, GmbH, S.A., B.V.…); a contract's parties are the two
 * names of "between A and B", each without its description (", a Delaware corporation",
 * "(the Supplier)").
 */

/** a text ending in a legal suffix */
export const COMPANY = /\b(inc|llc|l\.l\.c|ltd|limited|corp|corporation|gmbh|plc|llp|lp|co|company|s\.?a|sas|sarl|s\.?a\.?s|s\.?r\.?l|s\.?l|s\.?p\.?a|s\.?n\.?c|b\.?v|n\.?v|v\.?o\.?f|ag|kg|ohg|e\.?\s?k|se|pty|oy|ab|a\/s|sp\.?\s?z\s?o\.?\s?o|sp\.?\s?j|s\.?c)\.?$/i

/** "between A and B" in a sentence: A and B, each with what follows it up to a description */
export const BETWEEN = /\bbetween\s+(.+?)\s+and\s+(.+?)(?:\s*\(|[.;]|,\s+(?:an?|the)\s|$)/i

/** leading function words of a phrase taken after a label ("of the", "by") */
export const LEADING = /^(?:(?:of|the|by|to|is|are|as|at|for|on|under|in|be|shall|will|a|an)\s+)+/i

/** a party's name without its description (", a Delaware corporation", "(the Supplier)") */
export const partyName = (text: string) =>
  text.split(/\s*\(|,\s+(?=(?:an?|the|each|both|registered|incorporated|with|whose)\b)/i)[0]!.replace(LEADING, "").replace(/[,;:]+$/, "").trim()

/** a company name inside a longer text: up to six capitalised words and a legal suffix */
export const COMPANY_IN_TEXT =
  /(?<![\p{L}\p{N}])((?:[\p{Lu}\p{N}][\p{L}\p{N}&'’.-]*,?\s+(?:&\s+|and\s+|of\s+|de\s+|the\s+)?){1,6})(Inc|LLC|L\.L\.C|Ltd|Limited|Corp|Corporation|GmbH|PLC|plc|LLP|S\.A\.?|SA|SARL|S\.à\s?r\.l\.?|S\.r\.l\.?|SRL|B\.V\.?|BV|N\.V\.?|NV|AG|KG|SE|Pty\s+Ltd|Oy|AB|A\/S|SAS|S\.p\.A\.?|SpA|Co)(?![\p{L}\p{N}])\.?/gu
