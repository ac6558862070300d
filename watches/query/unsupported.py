"""Wishes Watchtower has no filter for ("with a 4-day week", "unlimited PTO", "equity", "Series B
startups", "Software Engineer II", "CET timezone", "2026 start"): noted, and cut so they are never
read as role words.

The longest vocabulary of the reader, in a module of its own so the list can grow without burying
the passes; its rarer patterns run only when a word they need is in the query.
"""

from __future__ import annotations

import functools
import re

from watches.query.state import ReaderState
from watches.query.words import STOP_WORDS, role_word

# Criteria that are real wishes but have no filter: noted, never read as role words.
_UNSUPPORTED = re.compile(
    r"(?:\bwith\s+(?:an?\s+)?)?(?:\b(?:\d|four|4)[\s-]?day\s+(?:work\s*)?weeks?\b|\b\d{2}[\s-]?hours?\s+(?:work\s*)?weeks?\b"
    r"|\bunlimited\s+(?:pto|vacation|holidays?|time\s+off|leave)\b|\b(?:(?<!private\s)equity(?!\s+(?:research|analyst|associate|trader|trading|investments?|capital|partners?|fund))"
    r"(?:[\s-](?:heavy|rich|package|upside))?|stock\s+options?|rsus?|401\s?\(?k\)?(?:\s+(?:match(?:ing)?|plans?|contributions?))?|health\s+insurance|dental\s+(?:insurance|plan|coverage|benefits)|pension|parental\s+leave"
    r"|flexible\s+(?:hours|schedule|working\s+hours)|(?:no|not)\s+on[\s-]call(?:[\s-]heavy)?|pet[\s-]friendly|veterans?\s+(?:welcome|friendly|preferred)|(?:second|fair)[\s-]chance(?:\s+(?:employers?|friendly|hiring))?|dog[\s-]friendly"
    r"|(?:good|great|excellent)\s+(?:benefits|perks|work[\s-]life\s+balance)|work[\s-]life\s+balance"
    # "…, relocation + visa", "…, relocation, €90k": asked for as a segment of its own.
    r"|(?<=[,|]\s)relocation(?=\s*(?:(?:\+|&|\band\b|\bplus\b)\s*)?(?:,|\||$))"
    r"|relocation\s+(?:package|assistance|support|help|allowance|budget|stipend)|(?<=with\s)relocation|(?<=and\s)relocation|(?<=\+\s)relocation|(?<=\+)relocation|(?<=plus\s)relocation|(?<=&\s)relocation|no\s+travel|free\s+(?:lunch|food|meals)|tax[\s-]free)\b"
    r"|\bwith\s+an?\s+(?=[^|,.;]*\d)[^|,.;]{1,40}?(?=\s*(?:\||,|\.|;|$|\band\b|\bin\b|\bat\b))"
    # A requirement the seeker lacks: "no PhD required", "no degree needed", "that don't require a
    # degree", "without a degree" (not a word to exclude: postings rarely name it in the title).
    r"|\bno\s+(?:[\w'-]+\s+){0,2}?(?:required|needed|necessary)\b"
    r"|\b(?:(?:that|which)\s+)?(?:doesn'?t|don'?t|does\s+not|do\s+not|not)\s+requir(?:e|ing)\s+(?:an?\s+)?(?:[\w'-]+\s+){0,2}?"
    r"(?:degree|phd|diploma|clearance|experience|license|licence|certification)s?\b"
    r"|\b(?:no|without(?:\s+an?)?)\s+(?:college\s+|university\s+|bachelor'?s\s+|4[\s-]year\s+)?(?:degree|phd|diploma)\b"
    # UK contracting status, relocation offered, hours a week, a need the seeker lacks ("don't need German").
    r"|\b(?:outside|inside)\s+ir35\b|\brelocation\s+(?:provided|offered|included|available|paid)\b"
    r"|\b\d{1,2}\s*(?:hours?|hrs?|h|std\.?|stunden)\s*(?:a|per|/|pro)\s*(?:week|wk|woche)\b|\b\d{1,2}\s*(?:stunden|std\.)(?!\w)"
    r"|\b(?:(?:that|which)\s+)?(?:doesn'?t|don'?t|does\s+not|do\s+not)\s+(?:need|require)\s+(?:an?\s+)?[\w'-]+"
    r"(?:\s+(?:skills?|language|speakers?|fluency|degree))?\b"
    # How often to deliver: "daily", "weekly digest", "every hour" (pay periods are read before this).
    r"|\b(?:(?:a|as\s+a|in\s+a)\s+)?(?:daily|weekly|hourly|monthly)(?:\s+(?:digests?|summary|summaries|emails?|updates?"
    r"|alerts?|reports?))?\b|\bevery\s+(?:day|week|hour|morning|evening|monday|\d{1,2}\s+(?:hours?|minutes?|days?))\b"
    r"|\bonce\s+a\s+(?:day|week)\b"
    # The kind of company: "at fintechs", "at a startup", "at big tech" (no filter; "at FAANG" is read
    # before this as the companies it names).
    # A funding stage says the kind too: "at a Series B startup", "at a seed-stage company".
    r"|\b(?:at|no|not\s+at|not|excluding)\s+(?:an?\s+)?(?:(?:early|late|growth|seed|pre-seed)[\s-]stage\s+|small\s+|large\s+|big\s+"
    r"|series\s+[a-f]\s+|seed\s+|pre-seed\s+|vc[\s-]backed\s+|yc(?:[\s-]backed)?\s+|well[\s-]funded\s+|funded\s+"
    # "at an AI startup", "at a B2B SaaS company": one or two words saying what the company does.
    r"|(?<=\ban\s)(?!remote|hybrid)[\w-]+\s+(?:[\w-]+\s+)?(?=startups?\b|compan(?:y|ies)\b)"
    r"|(?<=\ba\s)(?!remote|hybrid)[\w-]+\s+(?:[\w-]+\s+)?(?=startups?\b|compan(?:y|ies)\b))?"
    r"(?:fintechs?|startups?|unicorns?|scale-?ups?"
    r"|non-?profits?|banks?|consultancies|enterprises?|big\s+tech|tech\s+companies|agencies"
    r"|(?<=\ban\s)(?!remote|hybrid)(?:[\w-]+\s+){1,2}compan(?:y|ies)|(?<=\ba\s)(?!remote|hybrid)(?:[\w-]+\s+){1,2}compan(?:y|ies)"
    r"|(?<=[\s-]stage\s)compan(?:y|ies)|(?<=series\s[a-f]\s)compan(?:y|ies))\b"
    # A funding stage without "at": "Series B startups", "seed-stage companies"; "at Series A".
    r"|\b(?:(?:early|late|growth|seed|pre-seed)[\s-]stage|series\s+[a-f]|vc[\s-]backed|yc(?:[\s-]backed)?)\s+"
    r"(?:startups?|compan(?:y|ies)|fintechs?|scale-?ups?)\b|\bat\s+(?:an?\s+)?series\s+[a-f]\b"
    # A season and year of start: "summer 2027", "fall 2026 internship" (the level is read apart).
    r"|\b(?:summer|fall|autumn|winter|spring)\s+(?:of\s+)?(?:20\d\d|'\d\d)(?:\s+start)?\b"
    # US tax status of a contract: "W2 only", "no C2C" ("C2C", "1099", "corp-to-corp" are read as contract).
    r"|\bw-?2(?:\s+only)?\b"
    # What the seeker need not have, said after it: "clearance not required", "degree not needed".
    r"|\b[\w'-]+\s+(?:is\s+)?not\s+(?:required|needed|necessary|a\s+must)\b"
    # A job grade: "Software Engineer II", "IC4" (the ladders differ by employer; no filter); a Roman
    # numeral only after a title or level word (`_GRADE_BEFORE`): "GTA IV" is a game.
    r"|\b(?:ii|iii|iv|ic[1-9]|l[3-9]|l1[0-1]|e[3-9])\b"
    # "on-call ok": a condition accepted, not asked for.
    r"|\bon[\s-]call\s+(?:is\s+)?(?:ok|okay|fine|acceptable)\b"
    # A time zone: "CET timezone", "in EST time zone", "UTC+2" (no filter; "EU timezone" is a place).
    r"|\b(?:(?:within|during|overlapping(?:\s+with)?)\s+(?:(?:\+-|±)?\d{1,2}\s*(?:hours?|hrs?|h)\s+of\s+)?(?:the\s+)?"
    r"|in\s+(?=\w+\s+time\s*zone|\w+\s+timezone))?"
    r"(?:cet|cest|eet|est|edt|pst|pdt|cst|cdt|mst|gmt|utc|bst)(?:\s*(?:\+/-|\+-|[+±-])\s*\d{1,2}(?:\s*(?:h|hrs?|hours?)\b)?)?"
    r"(?:\s+(?:time\s*zones?|timezones?|hours|overlap))?\b"
    # "Eastern time", "Pacific time zone", "central hours" (US zones by name).
    r"|\b(?:eastern|central|pacific|mountain)\s+(?:standard\s+)?(?:time(?:\s*zones?)?|timezones?|hours)\b"
    # A currency without an amount: "remote LATAM, USD", "paid in euros".
    r"|\b(?:paid|pay|salary)\s+in\s+(?:usd|eur|gbp|cad|aud|chf|us\s+dollars|euros)\b(?!\s*\d)"
    r"|\b(?:usd|eur|gbp|cad|aud|chf|us\s+dollars|euros)\b(?!\s*\d)"
    # The length of a contract or internship: "6-month contract", "12 month contract", "3 months".
    r"|\b(?:for\s+)?(?:\d{1,2}|one|two|three|four|six|nine|twelve|eighteen)[\s-](?:months?|mos?)(?:\s+(?:long|duration))?\b)"
)
# A driver's time at home: "home weekly", "home daily", "home every weekend" (trucking).
_HOME_TIME = re.compile(
    r"(?<!from\s)(?<!at\s)\bhome\s+(?:daily|nightly|weekly|bi-?weekly|every\s+(?:night|weekend|week|other\s+week|\d{1,2}\s+days?)"
    r"|on\s+weekends|weekends|time)\b(?!\s+(?:digests?|summar(?:y|ies)|emails?|updates?|alerts?|reports?)\b)"
)
# More wishes without a filter, each read only when a word it needs is in the query (most are not).
_UNSUPPORTED_RARE: tuple[tuple[tuple[str, ...], re.Pattern[str]], ...] = (
    # A certification or licence asked for or held: "OSCP preferred", "CPA eligible", "PE license",
    # "PMP certified" (a bare "CPA" or "PE" only beside a role of its field: `_BARE_CERTIFICATION`).
    (
        ("certif", "licen", "eligible", "preferred", "required", "plus", "holder"),
        re.compile(
            r"\b(?:cpa|pmp|cissp|oscp|ccna|ccnp|ccie|cfa|pe|cisa|cism|comptia|security\+|itil|acca|cima|cfp|frm)"
            r"(?:\s+(?:certified|certification|certificate|licen[cs]ed?|eligible|preferred|required|holders?|(?:is\s+)?a\s+plus))+"
            r"(?![\w+])"
        ),
    ),
    # Working days and hours: "Mon-Fri", "Monday to Friday", "9-5", "9 to 5", "weekdays only"; a
    # funding stage as a segment of its own: "…, seed stage" ("seed-stage startups" is above); an
    # industry as a segment of its own, "only" after it: "…, fintech only", "crypto companies only"
    # (the kind of company, as "at fintechs"; a title rarely names it).
    (
        ("fri", "9-5", "9 to 5", "9 - 5", "9–5", "weekday", "stage", "only"),
        re.compile(
            r"\bmon(?:day)?\s*(?:-|–|to|through|thru)\s*fri(?:day)?\b(?:\s*,?\s*9\s*(?:-|–|to)\s*5\b)?"
            r"|(?<![\w$£€.,-])9\s?(?:-|–|to)\s?5(?![\w.,%-])(?!\s*(?:years?|yrs?|y|k|hours?|days?)\b)"
            r"|\bweekdays?(?:\s+only)?\b(?=\s*(?:[,|]|$))"
            r"|\b(?:early|late|growth|seed|pre-seed)[\s-]stage(?=\s*(?:[,|]|$))"
            r"|(?:(?<=[,|]\s)|(?<=^\s))(?:fintechs?|crypto|web3|blockchain|healthcare|health[\s-]?tech|ed[\s-]?tech"
            r"|ad[\s-]?tech|insurtech|proptech|climate(?:[\s-]?tech)?|biotech|saas|b2b\s+saas|e-?commerce|gaming)"
            r"(?:\s+(?:compan(?:y|ies)|startups?|firms?))?\s+only(?=\s*(?:[,|]|$))"
        ),
    ),
    # A bonus or a budget: "+ bonus", "signing bonus", "learning budget", "home office stipend"; in
    # Spanish and Portuguese "+ bono anual", "bônus anual".
    (
        ("bonus", "budget", "allowance", "stipend", "bono", "bônus"),
        re.compile(
            r"\b(?:(?:sign[\s-]?on|signing|joining|annual|performance|retention|referral|relocation)\s+)?bonus(?:es)?\b"
            r"|\b(?:bonos?|bônus)(?:\s+(?:anual(?:es)?|de\s+desempeño|por\s+desempeño))?\b"
            r"|\b(?:learning|training|education|home[\s-]office|equipment|wellness|l&d)\s+(?:budget|allowance|stipend)\b"
        ),
    ),
    # When to start: "2026 start", "start ASAP", "starting immediately"; German "ab sofort", Spanish
    # "incorporación inmediata", French "dès que possible", Portuguese "início imediato".
    (
        ("start", "sofort", "inmedia", "imedia", "mmédia", "mmedia", "possible"),
        re.compile(
            r"\b(?:(?:20\d\d|asap|immediate|january|february|march|april|may|june|july|august|september|october"
            r"|november|december)\s+start|start(?:ing)?\s+(?:asap|immediately|now|date))\b"
            r"|\bab\s+sofort\b|\b(?:incorporaci[oó]n|disponibilidad)\s+inmediata\b|\bd[eè]s\s+que\s+possible\b"
            r"|\bimm[ée]diatement\b|\bin[ií]cio\s+imediato\b"
        ),
    ),
    # US student work permits ("OPT/CPT friendly", "STEM OPT"): a wish with no filter, not sponsorship.
    (
        ("opt",),
        re.compile(
            r"\b(?:stem[\s-]+opt|(?:opt|cpt)(?:\s*/\s*(?:opt|cpt))?[\s-]+(?:friendly|ok|okay|eligible|accepted|welcome))\b"
        ),
    ),
    # India's hiring terms: "immediate joiner", "notice period 30 days", "serving notice".
    (
        ("join", "notice"),
        re.compile(
            r"\bimmediate\s+join(?:ers?|ing)\b"
            r"|\b(?:notice\s+period|serving\s+notice)(?:\s+(?:of\s+)?(?:up\s+to\s+)?\d{1,3}\s*days?)?\b"
        ),
    ),
    # A funding stage as a segment of its own: "Series B+", "series C or later".
    (
        ("series",),
        re.compile(
            r"\bseries\s+[a-f](?:\s*[-–/]\s*[a-f]\b)?(?:\s*\+|\s+(?:or|and)\s+(?:later|above|up|beyond|after))?"
            r"(?:\s+(?:startups?|compan(?:y|ies)|scale-?ups?))?(?=\s*(?:[,|)]|$))"
        ),
    ),
    # One entry, one look for its words (most queries have none of them): the US zones' short names
    # before "hours" or in brackets ("ET hours", "PT time zone", "(ET)"); the size of the company
    # ("company size 50-200", "10-50 employees", "1000+ employees"); citizenship or residency ("US
    # citizens only", "EU citizen", "permanent residents"), a condition of some postings; the year
    # of a graduate intake ("graduate scheme 2027", "class of 2027", "2027 intake").
    (
        ("hours", "zone", "overlap", "(et)", "employee", "size", "people", "citizen", "resident", "20"),
        re.compile(
            r"\b(?:et|pt|ct|mt)\s+(?:time\s*zones?|timezones?|hours|overlap)\b|\(et\)"
            r"|\b(?:(?:with|of)\s+)?(?:\d+(?:,\d{3})*\s*(?:-|–|to)\s*\d+(?:,\d{3})*|\d+(?:,\d{3})*\s*\+)\s+(?:employees|people|staff)\b"
            r"|\bcompany\s+size\s*(?:of\s*|:\s*)?(?:\d+(?:,\d{3})*\s*(?:-|–|to)\s*\d+(?:,\d{3})*|\d+(?:,\d{3})*\s*\+"
            r"|small|large|medium|mid-?size)"
            r"|\b(?:(?:us|u\.s\.|usa|eu|uk|canadian|american|british|singapore(?:an)?|australian|indian|german)\s+)?"
            r"(?:citizen(?:s|ship)?|permanent\s+residen(?:ts?|cy))(?:\s+(?:only|required|needed))?\b"
            r"|\bclass\s+of\s+20\d\d\b|\b20\d\d\s+(?:intake|cohort)\b"
            r"|(?<=scheme\s)20\d\d\b|(?<=programme\s)20\d\d\b|(?<=program\s)20\d\d\b"
        ),
    ),
    # A language at a level: "German B2", "English (C1)" (no filter; "German-speaking" stays a word).
    (
        ("a1", "a2", "b1", "b2", "c1", "c2"),
        re.compile(
            r"\b(?:english|german|french|dutch|spanish|italian|polish|portuguese|swedish|danish|norwegian|finnish"
            r"|czech|japanese|mandarin|chinese|korean|arabic|hebrew)\s+\(?[abc][12]\+?\)?(?![\w+])"
        ),
    ),
    # Where the company is from: "no US companies", "no UK-based employers".
    (
        ("compan", "employer", "firm", "client", "startup"),
        re.compile(
            r"\b(?:no|not|excluding|except|without|avoid)\s+(?:us|u\.s\.?|usa|american|uk|british|eu|european|indian"
            r"|chinese|israeli|russian)[\s-]+(?:based\s+)?(?:companies|company|employers?|firms?|clients?|startups?)\b"
        ),
    ),
)
# A language asked for: "bilingual Spanish", "bilingual (English/Spanish)", "fluent German",
# "fluency in French", "native English speaker", "Spanish required", "must speak Dutch" (no filter;
# keywords match titles). A language before the role stays a word: "Spanish teacher", "French
# translator"; so do "German-speaking" and "bilingual" alone, which titles hold ("Bilingual Customer
# Service Representative").
_LANGUAGE_NAMES = (
    r"(?:english|german|french|dutch|flemish|spanish|italian|polish|portuguese|swedish|danish|norwegian|finnish"
    r"|czech|slovak|hungarian|romanian|bulgarian|greek|turkish|russian|ukrainian|japanese|mandarin|cantonese"
    r"|chinese|korean|arabic|hebrew|hindi|urdu|bengali|punjabi|tamil|vietnamese|thai|indonesian|malay|tagalog"
    r"|farsi|persian|swahili|asl|creole|haitian\s+creole"
    # The same in French, Spanish, Portuguese, German ("anglais courant", "inglés avanzado", "fließend Deutsch").
    r"|anglais|fran[cç]ais|allemand|espagnol|ingl[eé]s|espa[nñ]ol|alem[aá]n|franc[eé]s|ingl[eê]s|portugu[eê]s|espanhol"
    r"|englisch|deutsch|franz[oö]sisch|spanisch)"
)
# The words of the query one of which a language asked for holds (with a language's name), and the
# names as words (a German compound, "Deutschkenntnisse", is looked for apart).
_LANGUAGE_MARKS_TEXT = """
bilingual bilingue bilingüe fluent fluency fluente fluide fluido proficient proficiency native nativo natif speak speaks
speaker speakers required needed preferred mandatory must plus tongue courant avancé avanzado avançado requis obligatoire
obligatorio fließend fliessend
"""
_LANGUAGE_MARKS = frozenset(_LANGUAGE_MARKS_TEXT.split())
_LANGUAGE_WORDS_TEXT = """
english german french dutch flemish spanish italian polish portuguese swedish danish norwegian finnish czech slovak
hungarian romanian bulgarian greek turkish russian ukrainian japanese mandarin cantonese chinese korean arabic hebrew hindi
urdu bengali punjabi tamil vietnamese thai indonesian malay tagalog farsi persian swahili asl creole anglais français
francais allemand espagnol inglés ingles español espanol alemán aleman francés frances inglês português portugues espanhol
englisch deutsch französisch franzosisch spanisch
"""
_LANGUAGE_WORDS = frozenset(_LANGUAGE_WORDS_TEXT.split())
_LANGUAGES = _LANGUAGE_NAMES + r"(?:\s*(?:/|&|,|-|\b(?:and|or|und|oder|et|ou|y|e)\b|\+)\s*" + _LANGUAGE_NAMES + r")*"
_LANGUAGE = re.compile(
    r"\b(?:bilingual|bilingue|biling[uü]e)\s+(?:in\s+|en\s+)?\(?"
    + _LANGUAGES
    + r"\)?(?:\s+(?:speakers?|required|preferred|a\s+plus))?(?![\w-])"
    r"|\b" + _LANGUAGES + r"[\s-]+bilingual\b"
    r"|\b(?:fluent|fluency|proficient|proficiency|native)\s+(?:in\s+)?"
    + _LANGUAGES
    + r"(?:\s+(?:speakers?|speaking|required|preferred|needed|a\s+plus))?(?![\w-])"
    r"|\b" + _LANGUAGES + r"\s+(?:fluency|fluent|proficiency|native\s+speakers?|native|mother\s+tongue"
    r"|courant|fluide|fluido|fluente|avanc[ée]|avanzado|avançado|nativo|natif|requis|obligatoire|obligatorio|fließend"
    r"|(?:\(?[abc][12]\)?))(?![\w-])"
    r"|\bflie(?:ß|ss)end(?:es)?\s+" + _LANGUAGES + r"\b|\b(?:(?:sehr\s+)?gute\s+|fließende\s+|verhandlungssichere\s+)?"
    r"(?:deutsch|englisch|franz[oö]sisch|spanisch)kenntnisse\b"
    r"|\b" + _LANGUAGES + r"\s+(?:(?:is\s+)?(?:required|needed|mandatory|a\s+must|a\s+plus)|preferred)\b"
    r"|\b(?:must|who|that\s+can|can)\s+speaks?\s+" + _LANGUAGES + r"\b|\bspeaks?\s+" + _LANGUAGES + r"\b"
)
# A nationality said of the seeker: "…, Canadian", "I'm Canadian", "as an American", "for
# Canadians", "Canadians only", "Mexican national": a condition of some postings, no filter; the
# note names the country's filters. A demonym that is a language too ("Spanish", "German") is read
# so only with "citizen(s)", "national(s)", "passport" or "only" ("Spanish teacher").
_DEMONYMS = {
    "american": "united states",
    "canadian": "canada",
    "mexican": "mexico",
    "brazilian": "brazil",
    "argentinian": "argentina",
    "argentine": "argentina",
    "colombian": "colombia",
    "chilean": "chile",
    "peruvian": "peru",
    "venezuelan": "venezuela",
    "indian": "india",
    "pakistani": "pakistan",
    "bangladeshi": "bangladesh",
    "filipino": "philippines",
    "nigerian": "nigeria",
    "kenyan": "kenya",
    "ghanaian": "ghana",
    "egyptian": "egypt",
    "australian": "australia",
    "irish": "ireland",
    "british": "uk",
    "scottish": "scotland",
    "swiss": "switzerland",
    "austrian": "austria",
    "belgian": "belgium",
    "israeli": "israel",
    "singaporean": "singapore",
    "malaysian": "malaysia",
    "south african": "south africa",
    "new zealander": "new zealand",
    "kiwi": "new zealand",
    "ukrainian": "ukraine",
    "romanian": "romania",
    "german": "germany",
    "french": "france",
    "spanish": "spain",
    "italian": "italy",
    "dutch": "netherlands",
    "polish": "poland",
    "portuguese": "portugal",
    "swedish": "sweden",
    "japanese": "japan",
    "chinese": "china",
    "korean": "south korea",
    "turkish": "turkey",
    "vietnamese": "vietnam",
}
_DEMONYM_WORDS = frozenset(word + plural for name in _DEMONYMS for word in name.split()[:1] for plural in ("", "s"))
_LANGUAGE_DEMONYMS = frozenset(re.findall(r"[a-z]+", _LANGUAGE_NAMES))
_DEMONYM = r"(?:" + "|".join(sorted((d.replace(" ", r"\s+") for d in _DEMONYMS), key=len, reverse=True)) + r")"
_NATIONALITY = re.compile(
    r"\b(?P<any>"
    + _DEMONYM
    + r")s?\s+(?:(?:citizens?|nationals?|passports?(?:\s+holders?)?|nationality)(?:\s+only)?|only)\b"
    r"|\b(?:for|open\s+to)\s+(?P<plural>" + _DEMONYM + r")s\b"
    r"|(?:(?<=^)|(?<=[,|]\s)|(?<=[,|]))\s*(?:i'?m\s+(?:an?\s+)?|i\s+am\s+(?:an?\s+)?|as\s+an?\s+)?"
    r"(?P<alone>" + _DEMONYM + r")s?(?=\s*(?:[,|]|$))"
    r"|\b(?:i'?m|i\s+am|(?<!such\s)as)\s+an?\s+(?P<said>" + _DEMONYM + r")\b"
    r"(?!\s+(?:speakers?|compan(?:y|ies)|employers?|firms?|startups?|business(?:es)?|brands?|banks?|clients?|customers?))"
)


# A shift wished for: "night shift", "2nd shift", "nights only", "12-hour shifts", "shift work",
# "ICU nights", and in other languages ("no night shifts" is refused, read by `negations`); a job
# share; the UK's school-term working; Australia's fly-in fly-out. Looked for only when one of
# `_SHIFT_WORDS` is a word of the query.
_SHIFTS = re.compile(
    r"(?<!\bno\s)(?<!\bnot\s)(?<!\bnon\s)(?<!without\s)(?<!excluding\s)(?<!exclude\s)(?<!except\s)(?<!avoid\s)"
    r"(?<!\bskip\s)(?<!\bnever\s)(?<!\bminus\s)(?<!\bno\s\s)"
    r"\b(?:(?:night|day|evening|overnight|graveyard|swing|weekend|morning|afternoon|rotating|early|late|split|double"
    r"|1st|2nd|3rd|first|second|third|\d{1,2}[\s-]?(?:hours?|hrs?|h))[\s-]shifts?(?:\s+(?:only|work|pattern))?"
    r"|shift\s+work"
    # "ICU nights", "…, evenings only", "nights and weekends" (titles say "Nights" too, but a
    # keyword would drop every posting that does not).
    r"|(?:nights|evenings|weekends|overnights)(?:\s*(?:and|&|or|/|\+)\s*(?:nights|evenings|weekends))*(?:\s+only)?"
    # Other languages': "infirmier de nuit", "turno de noche", "Nachtschicht", "Schichtdienst".
    r"|de\s+nuit|turno\s+(?:de\s+(?:la\s+)?)?(?:noche|tarde|mañana|noturno|diurno|nocturno)|nachtschicht|nachtdienst"
    r"|schichtdienst|wechselschicht)\b"
    # A job share; the UK's school-term working ("term time only"); Australia's fly-in fly-out.
    r"|\bjob[\s-]?shar(?:e|ing)\b|\bterm[\s-]time(?:\s+only)?\b"
    r"|\b(?:fifo|dido|fly[\s-]in[\s-]fly[\s-]out|drive[\s-]in[\s-]drive[\s-]out)\b"
)
_SHIFT_TEXT = """
shift shifts night nights evening evenings weekend weekends overnight overnights share sharing nuit turno term fifo
dido fly nachtschicht nachtdienst schichtdienst wechselschicht
"""
_SHIFT_WORDS = frozenset(_SHIFT_TEXT.split())
# Employer terms: a union job ("union electrician", "unionized", "non-union", "IBEW"; "credit union",
# "union organizer", "Union Pacific" stay words), tenure ("tenure-track", "tenured"), a US federal
# pay grade ("GS-12", "GS 13/14", "WG-10"). Looked for only when one of `_TERM_WORDS` is a word.
_EMPLOYER_TERMS = re.compile(
    r"\b(?:non[\s-]?)?union\s+(?:or|and|/)\s+non[\s-]?union\b|\bibew(?:\s+local\s+\d+)?\b"
    r"|\b(?:non[\s-]?)?unioni[sz]ed\b|\bnon[\s-]?union\b"
    r"|(?<!credit\s)(?<!western\s)(?<!european\s)(?<!trade\s)(?<!student\s)(?<!\bin\s)\bunion\s+(?:jobs?|positions?|roles?"
    r"|work|shops?|employers?|compan(?:y|ies)|members?|membership|scale|wages?|pay|rates?|benefits)\b"
    r"|(?<!credit\s)(?<!western\s)(?<!european\s)(?<!trade\s)(?<!student\s)(?<!\bin\s)\bunion"
    r"(?=\s+(?:journeym[ae]n|apprentices?|electricians?|plumbers?|pipefitters?|carpenters?|ironworkers?|welders?"
    r"|laborers?|labourers?|operators?|drivers?|teamsters?|nurses?|teachers?|workers?|tradesm[ae]n|trades?|linem[ae]n"
    r"|millwrights?|boilermakers?|sheet\s+metal|painters?|glaziers?|masons?|roofers?|machinists?|mechanics?)\b)"
    r"|(?<=[,|]\s)union(?=\s*(?:[,|]|$))"
    r"|\b(?:non[\s-]?)?tenure[\s-]?(?:track|eligible|line)\b|\btenured\b"
    r"|\b(?:gs|wg)[\s-]?(?:0?[1-9]|1[0-5])(?:\s*(?:/|-|–|to)\s*(?:(?:gs|wg)[\s-]?)?(?:0?[1-9]|1[0-5]))*\b"
)
_TERM_TEXT = "union unionized unionised nonunion ibew tenure tenured gs wg"
_TERM_WORDS = frozenset(_TERM_TEXT.split())
_LETTERS = re.compile(r"[^\W\d_]+")


# A degree asked for or held: "PhD", "Ph.D. required", "with a master's degree", "doctorate". Keywords
# match titles, and few name a degree (a keyword "phd" would drop every other posting and miss
# "Ph.D."), so it is noted; a degree that is part of a title stays a role word ("PhD Intern", "PhD
# position", "PhD student"), and "new PhD grad" is a level (`levels`).
# A second degree joined to one by "or" or "/" ("PhD or MS", "MSc/PhD", "PhD or a masters"): the
# short forms are degrees only there ("MS" alone may be a company's or a product's name).
_OTHER_DEGREE = (
    r"(?:ms\b\.?|msc\b\.?|m\.\s?sc?\b\.?|bs\b\.?|bsc\b\.?|b\.\s?sc?\b\.?|masters\b|master'?s\b|bachelors\b|bachelor'?s\b"
    r"|phd\b|ph\.\s?d\b\.?)"
)
_DEGREE = re.compile(
    r"(?:\b(?:with|holding|hold|have|having|has)\s+(?:an?\s+)?)?"
    r"(?<!new\s)(?<!recent\s)(?<!fresh\s)"
    r"\b(?:" + _OTHER_DEGREE + r"\s*(?:or|/)\s*(?:an?\s+)?)?"
    r"(?:phd|ph\.\s?d\b\.?|doctorate|doctoral\s+degree|(?:master'?s|masters|bachelor'?s|bachelors|ms|bs|msc|bsc)\s+degree"
    r"|master's|bachelor's"
    # Nursing's and business's degrees, asked for: "BSN required", "MBA preferred" ("MBA intern" is a title).
    r"|(?:bsn|msn|mba)(?=\s+(?:required|preferred|needed|(?:is\s+)?a\s+plus)\b))"
    r"(?:\s*(?:or|/)\s*(?:an?\s+)?" + _OTHER_DEGREE + r")?"
    # The field it is in: "PhD in CS" ("cs" is no place: Serbia and Montenegro's old code).
    r"(?:\s+in\s+(?:cs|computer\s+science|ee|electrical\s+engineering|math(?:ematics|s)?|physics|statistics|stats"
    r"|economics|chemistry|biology|engineering|(?:a\s+)?(?:related|relevant|quantitative)\s+(?:field|discipline)))?"
    r"(?:\s+(?:holders?|level|required|preferred|needed|(?:is\s+)?a\s+plus))?"
    r"(?![\w.]|\s+(?:students?|candidates?|positions?|studentships?|fellows?|fellowships?|interns?|internships?|programs?"
    r"|programmes?|researchers?|scholarships?|projects?|grads?|graduates?|residency|residencies)\b)"
)
# Any certification said so, by its issuer or its name (one word, or a known longer name): "AWS
# certified", "Salesforce certification", "forklift certified", "Six Sigma certified", "Red Hat
# certification required" (the rare entry above reads the ones named alone). "certified" before the
# role ("Certified Nursing Assistant") is part of a title and stays; so does a grammar or level word
# before it ("for certified nurses": `_certification_noted`).
# A licence likewise ("SIA licence", "full UK driving licence", "real estate license"), a commercial
# or heavy goods driving licence's class ("CDL-A", "Class A CDL", "HGV Class 1": "CDL driver", "HGV
# driver" keep their word), and "certified" or "licensed" said alone as a segment or before "in"
# ("…, certified, Orlando", "licensed in Texas": the place is read; "licensed practical nurse" stays).
_CERTIFIED = re.compile(
    r"(?:\b(?:with|holding|have|having|has)\s+(?:an?\s+)?)?(?:\b(?:full|clean|valid|current|active)\s+)?(?:\b(?:uk|us|eu)\s+)?"
    r"\b(?P<name>google\s+cloud|red\s+hat|lean\s+six\s+sigma|six\s+sigma|microsoft\s+azure|osha\s*\d{0,2}|real\s+estate"
    r"|[a-z][\w+&.'’-]*)[\s-]"
    r"(?:certified|certifications?|certificates?|licen[cs]es?)"
    r"(?:\s+(?:required|preferred|needed|a\s+must|(?:is\s+)?a\s+plus|holders?))?(?![\w+-])"
    r"|\b(?:class\s+[abc]\s+cdl|cdl[\s-]?[abc]|cdl\s+(?:licen[cs]e|required|holders?))(?![\w-])"
    r"|(?<=hgv\s)class\s+[12]\b|(?<=lgv\s)class\s+[12]\b"
    r"|(?<=[,|]\s)(?:fully\s+|board\s+)?(?:certified|licen[cs]ed)(?=\s*(?:[,|]|$))|\blicen[cs]ed(?=\s+in\b)"
)
# A certification written bare, only beside a role of its field (`_bare_certification_noted`): "PE civil
# engineer", "structural engineer, PE", "engineer with PE", "CPA accountant", "tax manager (CPA)". Its
# word is no certification elsewhere: "PE teacher" (physical education), "PE associate", "PE-backed"
# and "PE firm" (private equity), "CPA firm", "CPA marketing" (cost per acquisition), "in PE" (Peru).
_BARE_CERTIFICATION = re.compile(
    r"(?<![\w$-])(?:pe|cpa)(?![\w-])(?!\s+(?:firms?|backed|funds?|portfolio|owned|investors?|invest\w*|deals?"
    r"|compan(?:y|ies)|shops?|teachers?|coach(?:es)?|instructors?|associates?|analysts?|partners?)\b)"
)
_BARE_CERTIFICATION_FIELDS = {
    "pe": r"(?:engineers?|engineering)",
    "cpa": r"(?:accountants?|accounting|auditors?|audit|tax|controllers?|bookkeepers?|cfo|finance|financial)",
}
_BARE_CERTIFICATION_AFTER = {
    cert: re.compile(r"\)?\s+(?:[\w/&-]+\s+){0,2}?" + field + r"\b")
    for cert, field in _BARE_CERTIFICATION_FIELDS.items()
}
_BARE_CERTIFICATION_BEFORE = {
    cert: re.compile(
        r"\b"
        + field
        + r"(?:\s+(?:managers?|directors?|leads?|supervisors?|specialists?|analysts?|associates?|officers?|consultants?))?"
        r"\s*(?:,|\(|\b(?:with|holding|and)(?:\s+an?)?)?\s*$"
    )
    for cert, field in _BARE_CERTIFICATION_FIELDS.items()
}
_ROMAN_GRADES = frozenset({"ii", "iii", "iv"})
# What a job grade written as a Roman numeral follows: a title's word ("Engineer II", "Data Scientist
# III", "Analyst IV", "SDE II"), a level word ("Level II", "Tier III") or another grade ("II/III").
_GRADE_BEFORE = re.compile(
    r"(?:\b(?:sde|swe|sre|sdet|qa|qe|ba|pm|tpm|dba|it|admin|rep|support|clerk|nurse|level|grade|tier|band|step|i|ii|iii)"
    r"|[a-z]{2,}(?:er|or|ist|yst|ant|ent|ian|ect|ive|ee|ate|ic|ech|ops))[\s/(,-]*(?:or\s+)?$"
)


def read_unsupported(reader: ReaderState) -> None:
    def unsupported(match: re.Match[str]) -> bool:
        if match.group(0) in _ROMAN_GRADES and not _GRADE_BEFORE.search(
            match.string, max(match.start() - 40, 0), match.start()
        ):
            return False  # "GTA IV": a title's number, not a job grade (see `locations._numbered_title`)
        reader.notes.append(
            f'"{match.group(0).strip()}" is not something Watchtower can filter on; it was ignored '
            "(not read as a keyword)."
        )
        return True

    if "home " in reader.text:
        reader.cut(_HOME_TIME, unsupported)  # before "weekly" is read as a delivery's frequency
    reader.cut(_UNSUPPORTED, unsupported)
    text = reader.text
    if (
        "phd" in text
        or "ph." in text
        or "degree" in text
        or "doctor" in text
        or "master's" in text
        or "bachelor's" in text
        or "bsn" in text
        or "msn" in text
        or "mba" in text
    ):
        reader.cut(_DEGREE, functools.partial(_degree_noted, reader))
    for needs, pattern in _UNSUPPORTED_RARE:
        if any(word in reader.text for word in needs):
            reader.cut(pattern, unsupported)
    text = reader.text
    if "certif" in text or "licen" in text or "cdl" in text or "class" in text:
        reader.cut(_CERTIFIED, functools.partial(_certification_noted, reader))
    # The rarer readings below each need a word of the query: one look at its words for all of them.
    words = frozenset(_LETTERS.findall(reader.text))
    if "pe" in words or "cpa" in words:
        reader.cut(_BARE_CERTIFICATION, functools.partial(_bare_certification_noted, reader))
    if words & _SHIFT_WORDS:
        reader.cut(_SHIFTS, unsupported)
    if words & _TERM_WORDS:
        reader.cut(_EMPLOYER_TERMS, unsupported)
    if (words & _LANGUAGE_MARKS or "kenntnis" in reader.text) and words & _LANGUAGE_WORDS:
        reader.cut(_LANGUAGE, functools.partial(_language_noted, reader))
    if words & _DEMONYM_WORDS:
        reader.cut(_NATIONALITY, functools.partial(_nationality_noted, reader))


def _certification_noted(reader: ReaderState, match: re.Match[str]) -> bool:
    name = match.group("name")
    if (
        name is not None
        and name != "board"
        and (name in STOP_WORDS or name in _NOT_ISSUERS or role_word(name) in STOP_WORDS)
    ):
        return False  # "for certified nurses", "senior certified": the title's own word
    _note_certification(reader, match.group(0).strip())
    return True


def _bare_certification_noted(reader: ReaderState, match: re.Match[str]) -> bool:
    """A bare "PE" or "CPA" is the certification only right beside a role of its field, before it
    ("PE civil engineer") or after it ("civil engineer, PE", "accountant with CPA"); never after
    "in" or "from", where "PE" is Peru."""
    cert = match.group(0)
    before = match.string[max(match.start() - 40, 0) : match.start()]
    if before.endswith(("in ", "from ", "near ")):
        return False
    if not (
        _BARE_CERTIFICATION_AFTER[cert].match(match.string, match.end())
        or _BARE_CERTIFICATION_BEFORE[cert].search(before)
    ):
        return False
    _note_certification(reader, match.group(0).upper())
    return True


def _note_certification(reader: ReaderState, said: str) -> None:
    reader.notes.append(
        f'"{said}": a certification or licence is not something Watchtower can filter on (keywords match '
        "titles, and few name one); it was ignored. Pass it in `keywords` for titles that name it."
    )


def _language_noted(reader: ReaderState, match: re.Match[str]) -> bool:
    reader.notes.append(
        f'"{match.group(0).strip()}": a language a job asks for is not something Watchtower can filter on (keywords '
        "match titles, and few name one); it was ignored. Pass it in `keywords` for titles that name it "
        '("Bilingual", "German Speaking").'
    )
    return True


def _nationality_noted(reader: ReaderState, match: re.Match[str]) -> bool:
    alone = match.group("alone")
    if alone is not None and alone in _LANGUAGE_DEMONYMS:
        return False  # "translator, Spanish": the language, a title's word
    demonym = " ".join((match.group("any") or match.group("plural") or alone or match.group("said")).split())
    country = _DEMONYMS[demonym]
    reader.notes.append(
        f'"{match.group(0).strip()}": a nationality or citizenship is not something Watchtower can filter on; it was '
        f"ignored (not read as a keyword). For jobs in {country.title() if len(country) > 2 else country.upper()}, "
        f'pass `locations: ["{country}"]`; for remote jobs workable from there, `remote_from: ["{country}"]`.'
    )
    return True


# Words before "certified" that are no issuer: a negation, a level, a request word.
# And a thing licensed or certified, not a licence held ("software license compliance", "SSL certificate").
_NOT_ISSUERS = frozenset(
    {"not", "non", "no", "un", "senior", "junior", "lead", "fully", "newly", "recently", "software", "music", "content"}
    | {"product", "ip", "patent", "brand", "trademark", "technology", "ssl", "tls", "gift", "liquor"}
)


def _degree_noted(reader: ReaderState, match: re.Match[str]) -> bool:
    reader.notes.append(
        f'"{match.group(0).strip()}": a degree is not something Watchtower can filter on (keywords match titles, '
        'and few name one); it was ignored. Pass it in `keywords` for titles that name it ("PhD Intern").'
    )
    return True
