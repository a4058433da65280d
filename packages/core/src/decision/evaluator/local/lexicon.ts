/**
 * The only built-in "knowledge" of the local evaluator: a small English sentiment lexicon (word ->
 * polarity in [-1, 1]) and degree adverbs. It lets sentiment-like candidates ("angry", "very
 * negative", "satisfied") be compared with a state that uses different words of the same polarity.
 * Words are listed in plain form; `text.ts` stems them with the same stemmer as the state.
 */

const list = (words: string): Array<string> => words.split(/\s+/).filter((w) => w.length > 0)

const STRONG_POSITIVE = list(`
  excellent amazing awesome fantastic wonderful outstanding superb brilliant perfect love loved lovely delighted
  delightful thrilled ecstatic exceptional marvelous marvellous terrific phenomenal impressive impressed grateful
  thankful happy glad pleased satisfied joy joyful enjoy enjoyed great best favourite favorite beautiful positive
`)
const MILD_POSITIVE = list(`
  good nice ok okay helpful friendly polite calm smooth easy quick fast efficient reliable recommend
  recommended thanks thank appreciate appreciated resolved solved success successful
  comfortable convenient welcome welcomed pleasant cheerful relieved glad hope hopeful better improved
  fair reasonable professional courteous generous valuable useful approve
  approved agree agreed praise wow
`)
const STRONG_NEGATIVE = list(`
  terrible awful horrible horrendous worst hate hated angry furious outraged livid irate enraged rage fury mad
  disgusting disgusted appalling appalled unacceptable ridiculous pathetic useless scam fraud nightmare disaster
  disastrous atrocious abysmal hostile abusive insulting insulted rude threatening threaten threat sue lawsuit
  miserable devastated despise loathe incompetent furiously negative
`)
const MILD_NEGATIVE = list(`
  bad poor upset annoyed annoying irritated irritating frustrated frustrating frustration disappointed
  disappointing disappointment unhappy sad dissatisfied unsatisfied complaint complain complained complaining
  problem problems broken broke fail failed failure faulty defective damaged wrong error errors slow
  delay delayed missing lost worse worried worry confusing confused difficult
  expensive overpriced unfair unprofessional careless mistake mistakes bug bugs crash crashed unreliable
  complaint dispute disputed reject rejected decline declined sorry
  unfortunately regret annoyance inconvenience impatient sick tired stress stressful hurt pain painful afraid
`)

/** word -> polarity (unstemmed; stemmed in `text.ts`). Later lists win on collisions. */
export const POLARITY_WORDS: ReadonlyArray<readonly [string, number]> = [
  ...MILD_NEGATIVE.map((w) => [w, -0.6] as const),
  ...MILD_POSITIVE.map((w) => [w, 0.6] as const),
  ...STRONG_NEGATIVE.map((w) => [w, -1] as const),
  ...STRONG_POSITIVE.map((w) => [w, 1] as const)
]

/** Degree adverbs: multiply the polarity of the next sentiment word. */
export const INTENSIFIERS: ReadonlyMap<string, number> = new Map([
  ["very", 1.5], ["extremely", 1.8], ["really", 1.4], ["absolutely", 1.6], ["incredibly", 1.7], ["highly", 1.5],
  ["totally", 1.5], ["completely", 1.5], ["utterly", 1.7], ["deeply", 1.5], ["super", 1.4], ["truly", 1.4],
  ["most", 1.5], ["slightly", 0.5], ["somewhat", 0.6], ["mildly", 0.5], ["fairly", 0.7], ["rather", 0.7],
  ["quite", 0.8], ["bit", 0.5], ["little", 0.5], ["moderately", 0.7], ["barely", 0.3], ["kinda", 0.6]
])
