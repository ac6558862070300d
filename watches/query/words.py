"""Query words as terms: the grammar and request words every reader skips (`STOP_WORDS`), the
generic role words ("engineer", "developer", "Entwickler") a more specific word makes redundant,
and a word's term form (`role_word`: singular, edge punctuation off, "eng" as "engineer").

Its own module because most passes take words this way (postcodes, companies, negations, places,
remote, role words) and must agree on what a word is.
"""

from __future__ import annotations

import re

from matching import terms

GENERIC = frozenset(
    {
        "engineer",
        "engineering",
        "developer",
        "development",
        "dev",
        "programmer",
        "software",
        "swe",
        "specialist",
        "professional",
        "tech",
        "technical",
        "technology",
        # The same words in German, French, Spanish, Portuguese, Italian, Dutch, Swedish and Polish
        # ("Backend Entwickler", "Java utvecklare", "programista Python").
        "entwickler",
        "softwareentwickler",
        "ingenieur",
        "développeur",
        "developpeur",
        "ingénieur",
        "desarrollador",
        "ingeniero",
        "programador",
        "desenvolvedor",
        "sviluppatore",
        "ingegnere",
        "programmatore",
        "ontwikkelaar",
        "programmeur",
        "utvecklare",
        "ingenjör",
        "programista",
        "inżynier",
    }
)
# Their Portuguese and feminine forms ("Engenheiro de Software", "Entwicklerin"): generic too, but no
# misspelling is read as one of them (`roles._TYPO_GENERIC`).
GENERIC_FORMS = frozenset(
    {
        "engenheiro",
        "engenheira",
        "desenvolvedora",
        "desarrolladora",
        "ingeniera",
        "programadora",
        "entwicklerin",
        "développeuse",
        "developpeuse",
        "ingénieure",
    }
)
GENERIC = GENERIC | GENERIC_FORMS
# Grammar and request words: dropped silently (checked after a word is made singular).
_STOP_TEXT = """
job role position opening listing posting opportunity gig work new newly all any every find show watch track
monitor notify alert me us my tell let know when whenever about for the a an with that which who are is be in at
of and or to i we want wanted looking look need get please company level experience experienced year hiring there
posted post open up come appear available full time fulltime full-time only just also some based located area
anywhere everything regardless board it its this these those on by from like such as type kind hey hi hello use
using via they them you your one whatever check keep eye can could would will do doe give list see what whats
current currently right now today latest recent recently something anything search searching seeking seek
interested hire good great best cool nice top startup paid salary pay making earning per annum yearly hourly
monthly plus k thousand if than more less most least candidate applicant must should have has
set setup pls plz thanks thank thx kindly
"""
STOP_WORDS = frozenset(_STOP_TEXT.split()) | {
    "ok",
    "okay",
    "ideally",
    "but",
    "able",
    "mostly",
    "mainly",
    "primarily",
    "preferably",
    "prefer",
    "preferred",
    "i'm",
    "i’m",
    "im",
    "i've",
    "i’ve",
    "i'd",
    "i’d",
    "am",
    "we're",
    "we’re",
}
# The grammar, request and pay words of job queries in French, Spanish, Portuguese, German and
# Italian ("offre d'emploi", "vaga de desenvolvedor", "Stellenangebote", "sueldo"): dropped by the
# role words only (a place reader keeps "de", "la", "los" of "Rio de Janeiro", "Los Angeles").
_FOREIGN_STOP_TEXT = """
de des du la le les el los las en em à als für da do dos das del por par con com et y und
emploi emplois offre offres poste postes vaga vagas empleo empleos trabajo trabajos oferta ofertas stelle stellen
stellenangebot stellenangebote stellenanzeige jobangebot lavoro
sueldo salario salário gehalt salaire rémunération remuneração bruto brutos bruta brutas neto netos
di il della na het een voor och för praca vacature vacatures jobb tjänst stipendio retribuzione
"""
FOREIGN_STOP_WORDS = frozenset(_FOREIGN_STOP_TEXT.split())
WORD = re.compile(r"[^\s,;:|()\"“”!?/\[\]{}<>]+")


def role_word(raw: str) -> str:
    """A query word as a term: possessive and edge punctuation removed (a leading "." kept for
    ".net"), singular; "" when nothing usable is left."""
    word = re.sub(r"['’]s$", "", raw.lower())
    if word[:2] in ("d'", "d’") and (word[2:] in FOREIGN_STOP_WORDS or word[2:] in GENERIC):
        word = word[2:]  # "offre d'emploi", "poste d'ingénieur" ("L'Oréal", "Place d'Orleans" stay)
    leading_dot = word.startswith(".") and not word.startswith("..")
    word = word.strip(".'’-&")
    if leading_dot and word:
        word = "." + word
    if not word or not terms.term_key(word):
        return ""
    word = _SPELLINGS.get(word, word)
    if not word.isalpha():
        return word
    single = terms.singular(word)
    # Shown singular only when that is the same term: "engineers" → "engineer", but "postgres"
    # (= postgresql) is not "postgre".
    return single if single == word or terms.term_key(single) == terms.term_key(word) else word


# Short spellings of a role word, read as the word ("staff eng" is a staff engineer).
_SPELLINGS = {"eng": "engineer", "engs": "engineer", "engr": "engineer", "engrs": "engineer"}

# Words of a skill, a field or an industry that no company is named by alone: in a list of
# companies to leave out they are words to exclude ("exclude jobs at Oracle, IBM, python"), and in
# a list of companies asked for they end the list ("at Stripe or Shopify, backend"). Not "oracle",
# "docker", "elastic", "snowflake", "swift", "unity": companies are named so.
_SKILL_TEXT = """
python java javascript typescript golang rust ruby php perl scala kotlin haskell elixir clojure c++ c# .net
react angular vue node node.js django rails flask spring laravel frontend front-end backend back-end fullstack
full-stack devops sre mobile ios android embedded firmware data ml ai qa security infra infrastructure cloud
crypto web3 blockchain defi nft gambling betting igaming defense defence adtech fintech insurance healthcare
sales marketing consulting
"""
SKILL_WORDS = frozenset(_SKILL_TEXT.split())

# Languages, frameworks and platforms: a choice of "X or Y <field>" offers them (`roles`), and a query
# naming one reads "Phoenix" or "Spring" alone as the framework, not the place (`locations`).
_STACK_TEXT = """
python java javascript js typescript ts golang go rust ruby php perl scala kotlin swift haskell elixir clojure
erlang ocaml c c++ c# .net dotnet f# react angular vue svelte node node.js nodejs django rails flask fastapi
spring laravel symfony ios android flutter aws gcp azure
"""
STACK_WORDS = frozenset(_STACK_TEXT.split())
