"""CV, the board game of life stories: the companion is its symbol dice, track keeper and
score sheet (rules page docs/cv.md, ids V-...).

Rules are pure modules (`dice`, `turn`, `track`, `score`) over the JSON-able state of
`model`; the data (symbols, card types, the special cards the seed describes, the scoring
table, the message catalogue) is YAML in cards/cv/, read by `library`; `render` turns the
events the rules return into lines in English or Ukrainian.
"""
