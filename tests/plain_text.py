"""What a reader must never see in the app: HTML escapes shown as text ("Khan&#x27;s favor", a
string escaped for HTML but set as plain text, or escaped twice) and a word repeated across a colon
("Choose: choose ..."). ``app_texts`` gives every text of the app as its front end shows it.

>>> problems(["Khan&#x27;s favor", "St. Jean d'Acre", "Choose: choose a good", "(1: 1 silk)", "a &lt; b"])
["escaped: 'Khan&#x27;s favor'", "repeated: 'Choose: choose a good'", "escaped: 'a &lt; b'"]
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import unescape
from typing import Any

ESCAPED = re.compile(r"&(?:#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);", re.IGNORECASE)
REPEATED = re.compile(r"\b([^\W\d_]+): \1\b", re.IGNORECASE)  # a word, not a number ("1: 1 silk")
TAG = re.compile(r"<[^>]+>")


def problems(texts: Iterable[str]) -> list[str]:
    """Each text with an HTML escape or a repeated word, in words."""
    out = []
    for text in texts:
        if ESCAPED.search(text):
            out.append(f"escaped: {text!r}")
        if REPEATED.search(text):
            out.append(f"repeated: {text!r}")
    return out


def shown(html: str) -> str:
    """An HTML widget's value as the browser shows it: tags dropped, escapes read."""
    return unescape(TAG.sub(" ", html))


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def app_texts(app: Any) -> list[str]:
    """Every text an app (``mp.play``) shows: the anywidgets' traitlets (set as text by
    ``widgets/*.js``) as they are, the HTML widgets (header, message, final table, log, hint) as
    read, and the titles of the log's lines (their rules)."""
    texts = [*_strings(app.actions.title), *_strings(app.actions.sections), *_strings(app.boards.players),
             *_strings(app.dice.players), *_strings(app.dice.spaces), *_strings(app.dice.words)]
    for widget in (app.header, app.message, app.final_view, app.log_view, app.hint_view):
        texts.append(shown(widget.value))
        texts += [unescape(title) for title in re.findall(r"title='([^']*)'", widget.value)]
    return texts
