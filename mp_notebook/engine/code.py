"""Reading position codes: a game as one short, URL-safe line of text, to paste into a message, a URL or a cell.

:meth:`GameState.code` writes a code (next to :meth:`GameState.to_json`, in
:mod:`mp_notebook.engine.game`); this module reads it. A code is the save file (setup, history and
the position) compressed: its position is kept as a digest
(:func:`~mp_notebook.engine.game.digest`), which loading checks after replaying the history; its
JSON (without the format and version) is deflated (raw deflate); the length of the deflated bytes
(LEB128) goes in front of them, and a CRC-32 of both in front of that; the whole is written in
URL-safe base64 without padding after a prefix that names the save file's format version
(:data:`~mp_notebook.engine.game.PREFIX`). Only the characters ``A-Z a-z 0-9 - _`` follow the
prefix, so a code needs no escaping in a URL. The length tells a code cut short or with characters
added from one with a character changed (the checksum), so the error can say which. The replay
page's script writes the same format (``widgets/replay_page.js``).

>>> import mp_notebook as mp
>>> s = mp.new_game(players=2, seed=3)
>>> code = s.code()
>>> code.startswith(PREFIX) and mp.load(code) == s
True
>>> mp.load(code[:-5])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mp_notebook.engine.errors.SaveFileError: position code: it is cut short (it has ... characters: the end is missing); \
copy the whole code

Reading a code never takes more than a save file's size in memory, whatever the text
(:func:`decode`): it is refused before decoding when it is longer than any code of a save file
can be, and inflating stops at :data:`~mp_notebook.engine.game.MAX_SAVE` characters.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from mp_notebook.engine.errors import SaveFileError
from mp_notebook.engine.game import CHECKSUM, FORMAT, MAX_SAVE, PREFIX, VERSION

if TYPE_CHECKING:
    from mp_notebook.engine.game import GameState

ANY_PREFIX = re.compile(r"mpn(\d{1,6})-")
"""The start of a code of any format version (older ones are recognised, to say so)."""
MAX_CODE = 4 * MAX_SAVE // 3 + 64
"""The longest code read, in characters: deflate never grows a save file by more than a few bytes,
so no save file's code is longer."""
ALPHABET = re.compile(r"[A-Za-z0-9_-]*")


def is_code(text: object) -> bool:
    """Whether ``text`` is meant as a position code: a ``str`` that starts like one (``mpn2-``,
    or the prefix of another format version). ``mp.load`` reads any other ``str`` as a file name.

    >>> is_code("mpn2-eJyr"), is_code("game.json"), is_code(b"mpn2-")
    (True, False, False)
    """
    return isinstance(text, str) and ANY_PREFIX.match(text.lstrip()) is not None


def read(code: str, load: Callable[[str], GameState]) -> GameState:
    """The game of ``code``: :func:`decode`, then ``load`` (the registry's reader of a save file's
    text), each error naming the code (what ``mp.load`` answers for a code)."""
    try:
        return load(decode(code))
    except SaveFileError as exc:
        if str(exc).startswith("position code"):
            raise
        raise SaveFileError(f"position code: {exc}") from exc


def decode(code: str) -> str:
    """The save file (JSON text) a code holds, its position as a digest; raises
    :class:`SaveFileError` naming what is wrong with the code (loading it checks the rest).

    >>> decode("mpn2-AAAA!")
    Traceback (most recent call last):
    ...
    mp_notebook.engine.errors.SaveFileError: position code: '!' (character 10) is not part of a code \
(a code has only A-Z, a-z, 0-9, - and _ after its prefix mpn2-)
    """
    if len(code) > MAX_CODE + 1_000:
        raise SaveFileError(f"position code: {len(code):,} characters is longer than any code of a saved "
                            f"game (at most {MAX_CODE:,})")
    code = "".join(code.split())  # a code wrapped over lines, or pasted with spaces around it
    match = ANY_PREFIX.match(code)
    if match is None:
        raise SaveFileError(f"not a position code: it does not start with {PREFIX!r}")
    if int(match[1]) != VERSION:
        raise SaveFileError(f"position code of save format version {match[1]}: this library reads version "
                            f"{VERSION} (codes start with {PREFIX!r})")
    text = code[match.end():]
    if len(text) > MAX_CODE:
        raise SaveFileError(f"position code: {len(text):,} characters is longer than any code of a saved "
                            f"game (at most {MAX_CODE:,})")
    bad = ALPHABET.match(text)
    assert bad is not None
    if bad.end() < len(text):
        raise SaveFileError(f"position code: {text[bad.end()]!r} (character {match.end() + bad.end() + 1}) is not "
                            f"part of a code (a code has only A-Z, a-z, 0-9, - and _ after its prefix {PREFIX})")
    extra = len(text) % 4 == 1  # no base64 text has this length: a character cut or added
    whole = text[: len(text) - extra]
    body = base64.urlsafe_b64decode(whole + "=" * (-len(whole) % 4))
    checksum, rest = body[:CHECKSUM], body[CHECKSUM:]
    size, start = _varint(rest)
    payload = rest[start:]
    if len(checksum) < CHECKSUM or size is None or len(payload) < size:
        of = "" if size is None else f" of its {_chars(CHECKSUM + start + size):,}"
        raise SaveFileError(f"position code: it is cut short (it has {len(text):,}{of} characters: the end is "
                            f"missing); copy the whole code")
    if len(payload) > size or extra:
        raise SaveFileError(f"position code: it has {len(text) - _chars(CHECKSUM + start + size):,} characters "
                            f"too many at its end; copy the code alone")
    if int.from_bytes(checksum, "big") != zlib.crc32(rest):
        raise SaveFileError("position code: it was changed after it was made (its checksum does not match): "
                            "a character is wrong")
    inflater = zlib.decompressobj(-15)
    try:
        inflated = inflater.decompress(payload, MAX_SAVE + 1)
    except zlib.error as exc:  # a code this library did not write, with a correct checksum
        raise SaveFileError(f"position code: it holds no saved game (its data does not inflate: {exc})") from exc
    if len(inflated) > MAX_SAVE:
        raise SaveFileError(f"position code: it holds more than a saved game (over {MAX_SAVE:,} bytes)")
    if not inflater.eof or inflater.unused_data:
        raise SaveFileError("position code: it holds no saved game (its data is not one whole deflate stream)")
    try:
        doc = json.loads(inflated.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SaveFileError(f"position code: it holds no saved game (not JSON text: {exc})"[:300]) from exc
    if not isinstance(doc, dict):
        raise SaveFileError("position code: it holds no saved game (not a JSON object)")
    return json.dumps({"format": FORMAT, "version": VERSION, **doc})


def _varint(data: bytes) -> tuple[int | None, int]:
    """The unsigned LEB128 number at the start of ``data`` and the bytes it takes (``None``: cut short).

    >>> _varint(bytes([0x96, 0x01, 0xff])), _varint(bytes([0x96]))
    ((150, 2), (None, 1))
    """
    value = 0
    for k, byte in enumerate(data[:5]):
        value |= (byte & 0x7F) << (7 * k)
        if byte < 0x80:
            return value, k + 1
    return None, min(len(data), 5)


def _chars(n: int) -> int:
    """Characters of ``n`` bytes in unpadded base64."""
    return -(-4 * n // 3)
