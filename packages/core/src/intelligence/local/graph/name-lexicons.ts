/**
 * Word lists the local graph extractor types names with. They are general knowledge of English
 * business text (common given names, the words organisations' names end with, officer titles,
 * countries and large cities), not names of any particular document set; a name they miss is
 * still typed by its context (a title, a role, a legal suffix, a signature block).
 */

const set = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/).map((w) => w.toLowerCase()))

/** Common given names (English-speaking countries and Western Europe, India, East Asia). */
export const GIVEN_NAMES = set(`
aaron abigail adam adrian agnes aidan alan albert alex alexander alexandra alice alison amanda amelia amy andrea andrew angela anna
anne anthony antonio arthur ashley barbara beatrice ben benjamin bernard beth brian bruce caroline carl carlos catherine charles
charlotte chloe chris christian christina christine christopher claire clara colin craig daniel david deborah dennis diana diane
dominic donald dorothy douglas edward eleanor elena elizabeth ella emily emma eric erik ethan eva evelyn fatima fiona francesca
francis frank gareth gary george georgia gerald gillian grace graham greg gregory hannah harold harriet harry hazel heather helen
henry hugh ian isaac isabel isabella jack jacob james jamie jane janet jason jean jennifer jessica joan joanna joe john jonathan
jose joseph joshua joy judith julia julian julie justin karen kate katherine kathleen keith kelly kenneth kevin kim laura lauren
lawrence leo leon liam linda lisa louise lucas lucy luke lydia margaret maria marie mark martin mary matthew megan melissa michael
michelle mohammed muhammad nancy natalie nathan neil nicholas nicola nigel noah oliver olivia oscar owen pamela patricia patrick paul
paula peter philip rachel ralph raymond rebecca richard robert roger ronald rose ruth ryan sally samantha samuel sandra sara sarah
scott sean sharon simon sophia sophie stephanie stephen steven stuart susan thomas timothy tom tony ursula valerie victor victoria
vincent walter wendy william yvonne zoe
ahmed ali amir anil arjun deepak divya hiroshi kenji li lin mei ming priya rahul raj ravi sanjay sunil wei yuki yusuf
anders bjorn camille chiara elise emil fabien florian giulia hans ingrid jan jens johan klaus lars luca lukas marco matteo mats
pierre sven thierry ulrich
`)

/** Words an organisation's name ends with, or holds, beside its legal suffix. */
export const ORGANISATION_WORDS = set(`
holdings holding group bank banking capital partners partnership logistics services service solutions systems technologies
technology tech industries industrial trust foundation insurance assurance consulting consultants associates labs laboratories
ventures energy foods retail pharmaceuticals pharma manufacturing media airlines airways motors analytics software finance financial
investments investment properties property realty advisors advisers advisory council authority university college school hospital
agency ministry department bureau institute association society fund funds corporation enterprises international global
networks communications telecom shipping freight transport construction engineering chemicals mining resources metals
supplies supply distribution trading traders exchange markets securities leasing estates developments design studios studio
publishing press healthcare health clinic medical insurers brokers brokerage management asset assets credit union cooperative
co-operative mutual lines marine aviation robotics instruments devices electronics semiconductors steel textiles apparel brands
`)

/** Words that end a contract's name ("Master Services Agreement"). */
export const CONTRACT_WORDS = set(`agreement contract lease deed licence license memorandum mou charter guarantee indenture
engagement order`)

/** A policy is a contract when it insures ("Professional Indemnity Policy"); "Expenses Policy" is a rule book. */
export const INSURANCE_WORDS = set(`insurance indemnity liability cover coverage property motor marine life health travel-insurance
all-risks fire`)

/** Titles written before a person's name. */
export const PERSON_TITLES = set(`mr mrs ms miss mx dr prof professor sir dame lord lady rev`)

/**
 * Officer and staff roles, most specific first. An officer of an organisation works for it
 * (`employed_by`); a director, signatory or agent acts for it (`represents`).
 */
export const ROLES: ReadonlyArray<{ readonly pattern: string; readonly role: string; readonly acts: boolean }> = [
  ["chief executive officer", "Chief Executive Officer"], ["chief financial officer", "Chief Financial Officer"],
  ["chief operating officer", "Chief Operating Officer"], ["chief technology officer", "Chief Technology Officer"],
  ["chief information officer", "Chief Information Officer"], ["chief legal officer", "Chief Legal Officer"],
  ["chief risk officer", "Chief Risk Officer"], ["chief marketing officer", "Chief Marketing Officer"],
  ["chief people officer", "Chief People Officer"], ["chief commercial officer", "Chief Commercial Officer"],
  ["general counsel", "General Counsel"], ["company secretary", "Company Secretary"], ["financial controller", "Financial Controller"],
  ["group financial controller", "Group Financial Controller"], ["finance director", "Finance Director", true],
  ["managing director", "Managing Director", true], ["executive director", "Executive Director", true],
  ["non-executive director", "Non-Executive Director", true], ["independent director", "Independent Director", true],
  ["vice president", "Vice President"], ["senior vice president", "Senior Vice President"], ["president", "President"],
  ["head of [a-z]+(?: [a-z]+)?", "", false], ["director of [a-z]+(?: [a-z]+)?", "", false],
  ["[a-z]+ manager", "", false], ["manager", "Manager"], ["treasurer", "Treasurer"], ["controller", "Controller"],
  ["chairman", "Chairman", true], ["chairwoman", "Chairwoman", true], ["chairperson", "Chairperson", true], ["chair", "Chair", true],
  ["director", "Director", true], ["board member", "Board Member", true], ["authorised signatory", "Authorised Signatory", true],
  ["authorized signatory", "Authorized Signatory", true], ["attorney", "Attorney", true], ["partner", "Partner"],
  ["ceo", "CEO"], ["cfo", "CFO"], ["coo", "COO"], ["cto", "CTO"], ["cio", "CIO"], ["clo", "CLO"], ["cmo", "CMO"],
  ["secretary", "Secretary"], ["accountant", "Accountant"], ["analyst", "Analyst"], ["engineer", "Engineer"], ["officer", "Officer"]
].map(([pattern, role, acts]) => ({ pattern: pattern as string, role: role as string, acts: acts === true }))
  .sort((a, b) => b.pattern.length - a.pattern.length)

/** Countries, regions and large cities (English names). */
export const PLACES = set(`
england scotland wales ireland britain uk usa america canada mexico brazil argentina chile peru colombia france germany spain
portugal italy netherlands belgium luxembourg switzerland austria denmark norway sweden finland iceland poland czechia hungary
romania bulgaria greece turkey cyprus malta estonia latvia lithuania ukraine russia israel egypt morocco nigeria kenya
ghana ethiopia india pakistan bangladesh china japan korea singapore malaysia indonesia thailand vietnam philippines australia
zealand delaware california texas florida ontario quebec bavaria jersey guernsey bermuda cayman gibraltar monaco
london manchester birmingham leeds glasgow edinburgh liverpool bristol sheffield newcastle cardiff belfast nottingham leicester
southampton brighton oxford cambridge reading york aberdeen dundee dublin cork paris lyon marseille toulouse nice lille
bordeaux berlin hamburg munich frankfurt cologne stuttgart dusseldorf leipzig madrid barcelona valencia seville bilbao lisbon porto
rome milan naples turin florence venice amsterdam rotterdam utrecht eindhoven brussels antwerp ghent zurich geneva basel bern
vienna copenhagen oslo stockholm gothenburg helsinki warsaw krakow prague budapest bucharest athens istanbul ankara
moscow kyiv tallinn riga vilnius reykjavik valletta nicosia
washington boston chicago seattle denver atlanta miami dallas houston austin phoenix detroit philadelphia baltimore portland
toronto montreal vancouver calgary ottawa sydney melbourne brisbane perth adelaide auckland wellington tokyo osaka kyoto
seoul beijing shanghai shenzhen hong kong taipei mumbai delhi bangalore chennai hyderabad dubai doha riyadh cairo lagos nairobi
johannesburg capetown tel aviv
`)

/** Places written as two words. */
export const PLACE_PHRASES = set(`united-kingdom united-states new-york los-angeles san-francisco new-zealand hong-kong cape-town
tel-aviv south-africa saudi-arabia isle-of-man northern-ireland great-britain abu-dhabi rio-de-janeiro sao-paulo buenos-aires
new-jersey`.replace(/-/g, "_")) // compared as words joined by "_"

/**
 * Capitalised words that start sentences, label fields or title sections, and are no name on
 * their own (a run made only of them is dropped).
 */
export const COMMON_CAPITALISED = set(`
the a an this that these those it its we our you your he she they i if in on at to for from by with of and or but as
dear re subject date dated ref reference page total subtotal amount due invoice receipt statement schedule annex appendix
clause section article part item items description quantity price rate tax vat net gross balance payment payments terms
notes note minutes agenda present apologies attendees resolved resolution resolutions action actions summary introduction
background purpose scope parties recitals whereas now therefore witness signed signature name title position
board committee meeting company group party parties supplier customer client buyer seller vendor lessor lessee licensor licensee
agreement contract services goods effective term termination confidentiality liability governing law notices
january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday
yes no n/a tbc to from cc bcc sent attachments regards sincerely faithfully kind best thanks thank please
registered office address tel phone email fax web website vat no number account iban swift bic sort code
chief executive financial operating officer director managing secretary treasurer chair chairman president
announcement appointment appointments news press release memo memorandum letter notice update report
head of finance legal operations sales marketing people hr it procurement treasury compliance
entity entities jurisdiction country city parent subsidiary ownership registration status active dormant
`)
