"""English verb forms for the terminal's stud lines (:mod:`drawpoker.cli.stud_view`):
a player's action in the third person ("Ann raises to 300"), or the second for the person
called ``You`` ("You raise to 300"). Events themselves are told by :mod:`drawpoker.narration`.

>>> said("Ann", "is dealt", "As Kd"), said("You", "is dealt", "As Kd")
('Ann is dealt As Kd', 'You are dealt As Kd')
"""

from __future__ import annotations

YOU = "You"
"""The name that is spoken to: its sentences take the second person."""

_SECOND_PERSON = {"is": "are", "has": "have", "does": "do", "goes": "go"}
"""Verbs whose second person is not the third without its s."""

_ADVERBS = ("also",)
"""Words that may come before the verb."""


def second_person(verb: str) -> str:
    """A verb phrase's verb in the second person (``raises to`` -> ``raise to``), after an
    adverb that comes first (``also has`` -> ``also have``).

    >>> [second_person(v) for v in ("posts", "raises to", "is dealt", "stands pat", "has")]
    ['post', 'raise to', 'are dealt', 'stand pat', 'have']
    >>> second_person("also has")
    'also have'
    """
    word, space, rest = verb.partition(" ")
    if word in _ADVERBS:
        return f"{word} {second_person(rest)}"
    if word in _SECOND_PERSON:
        word = _SECOND_PERSON[word]
    elif word.endswith(("sses", "shes", "ches", "xes")):
        word = word[:-2]
    elif word.endswith("s"):
        word = word[:-1]
    return word + space + rest


def said(who: str, verb: str, rest: str = "") -> str:
    """``who`` does ``verb`` (given in the third person), then ``rest``: the sentence in the
    second person when ``who`` is :data:`YOU`.

    >>> said("Bob", "raises to", "300"), said("You", "raises to", "300")
    ('Bob raises to 300', 'You raise to 300')
    >>> said("You", "folds")
    'You fold'
    """
    sentence = f"{who} {second_person(verb) if who == YOU else verb}"
    return f"{sentence} {rest}" if rest else sentence
