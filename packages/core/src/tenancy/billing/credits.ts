/**
 * What each action costs (spec 2, "Limits", credits table). Credits are charged on what is sent,
 * never on outputs, and only for jobs that succeed:
 * - parse: 1 per page for documents; 1 per 500 cells per sheet, rounded up, for spreadsheets;
 * - categorize: 2 per page (2 per sheet for spreadsheets);
 * - ground: 5 per requested item;
 * - extract (the spec leaves it open): as parse — 1 per page, 1 per 500 cells per sheet.
 * A job's `units` are its credits.
 */

export const CELLS_PER_CREDIT = 500
export const CATEGORIZE_CREDITS_PER_PAGE = 2
export const GROUND_CREDITS_PER_ITEM = 5

/** What was sent: the pages of a document, or the non-empty cells of each sheet of a spreadsheet. */
export type SentContent =
  | { readonly kind: "document"; readonly pages: number }
  | { readonly kind: "spreadsheet"; readonly cellsPerSheet: ReadonlyArray<number> }

const perSheetCells = (cells: ReadonlyArray<number>) => cells.reduce((n, c) => n + Math.ceil(c / CELLS_PER_CREDIT), 0)

export const parseCredits = (sent: SentContent): number =>
  sent.kind === "document" ? sent.pages : perSheetCells(sent.cellsPerSheet)

/** Extract reads what parse reads, so it costs the same. */
export const extractCredits = parseCredits

export const categorizeCredits = (sent: SentContent): number =>
  CATEGORIZE_CREDITS_PER_PAGE * (sent.kind === "document" ? sent.pages : sent.cellsPerSheet.length)

export const groundCredits = (requestedItems: number): number => GROUND_CREDITS_PER_ITEM * requestedItems
