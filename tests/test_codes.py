"""Position codes (``s.code()``, ``mp.load(code)``) for every registered ruleset: every position of a
random game round-trips, and damaged codes (cut short, a character changed or added, bits flipped
under a correct checksum, another ruleset, huge) are a ``SaveFileError`` naming what is wrong. The
figures (every position of 50 games per ruleset; the time and memory of refusing fuzzed codes; the
lengths) are printed by ``bench/codes.py``."""

from __future__ import annotations

import base64
import json
import random
import re
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from registry import RULESETS, random_game

import mp_notebook as mp
from mp_notebook.engine import code as codes
from mp_notebook.engine.errors import SaveFileError
from mp_notebook.engine.game import MAX_SAVE, PREFIX, digest, leb128


def pack(doc: dict[str, object] | bytes) -> str:
    """A code of ``doc`` (a save file's parts, or raw bytes to deflate) with a correct checksum: what
    a code made by someone else than this library could hold."""
    text = doc if isinstance(doc, bytes) else json.dumps(doc).encode("utf-8")
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    payload = deflate.compress(text) + deflate.flush()
    rest = leb128(len(payload)) + payload
    body = zlib.crc32(rest).to_bytes(4, "big") + rest
    return PREFIX + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")


def middle(ruleset: str, players: int = 2, seed: int = 1) -> mp.GameState:
    """The middle position of a random game (``registry.random_game``)."""
    states = random_game(ruleset, players, seed)
    return states[len(states) // 2]


def unpack(code: str) -> dict[str, object]:
    doc: dict[str, object] = json.loads(codes.decode(code))
    return doc


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_position_of_a_game_round_trips(ruleset: str) -> None:
    states = random_game(ruleset, 2, 1)
    for s in states:
        code = s.code()
        assert re.fullmatch(r"mpn2-[A-Za-z0-9_-]+", code), code[:40]
        assert mp.load(code) == s


@pytest.mark.parametrize("ruleset", RULESETS)
def test_edits_reseeds_and_views_round_trip(ruleset: str) -> None:
    s = middle(ruleset, 3, 2)
    for t in (s.with_player(0, coins=7), s.reseed(99), s.determinize(1, 5)):
        assert mp.load(t.code()) == t


def test_a_code_is_the_save_file_with_its_position_as_a_digest() -> None:
    s = random_game("mp2", 2, 1)[30]
    doc = unpack(s.code())
    saved = json.loads(s.to_json())
    assert doc == {**saved, "state": {"digest": digest(saved["state"])}}
    assert mp.GameState.from_json(json.dumps(doc)) == s  # a save file may store the digest too
    with pytest.raises(SaveFileError, match=r"does not give its stored position \(differs in: digest\)"):
        mp.GameState.from_json(json.dumps({**doc, "state": {"digest": "000000000000"}}))


def test_whitespace_around_and_inside_a_code_is_ignored() -> None:
    s = random_game("voyages", 2, 1)[20]
    code = s.code()
    assert mp.load(f"  {code[:30]}\n{code[30:60]} {code[60:]}\n") == s


def test_a_code_cut_short_says_so_at_every_length() -> None:
    code = middle("schmidt").code()
    for n in range(len(PREFIX), len(code)):
        with pytest.raises(SaveFileError, match="position code: it is cut short"):
            mp.load(code[:n])


def test_a_changed_or_added_character_is_refused() -> None:
    code = random_game("mp2", 2, 1)[40].code()
    rng = random.Random(1)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for k in range(len(PREFIX), len(code)):
        other = rng.choice(alphabet.replace(code[k], ""))
        with pytest.raises(SaveFileError, match="position code: "):
            mp.load(code[:k] + other + code[k + 1 :])
    for extra in ("A", "AB", "ABC", "ABCD"):
        with pytest.raises(SaveFileError, match="too many at its end"):
            mp.load(code + extra)
    with pytest.raises(SaveFileError, match=r"'\*' \(character 12\) is not part of a code"):
        mp.load(code[:11] + "*" + code[12:])


def test_a_correct_checksum_does_not_let_a_wrong_game_through() -> None:
    s = random_game("mp2", 2, 1)[40]
    doc = unpack(s.code())
    history = list(doc["history"])  # type: ignore[call-overload]
    cases = {
        "history entry 3 .* cannot be replayed": {**doc, "history": [*history[:3], "travel [9] nowhere"]},
        "does not give its stored position": {**doc, "history": history[:-1]},
        "ruleset this library cannot play: unknown ruleset 'chess'": {**doc, "ruleset": "chess"},
        "saved game version 7 is not supported": {**doc, "version": 7},
        "'setup' is missing": {k: v for k, v in doc.items() if k != "setup"},
    }
    for message, bad in cases.items():
        with pytest.raises(SaveFileError, match="position code: .*" + message):
            mp.load(pack(bad))
    for ruleset in RULESETS:  # another game's code with this one's name
        other = unpack(middle(ruleset).code())
        for name in set(RULESETS) - {ruleset}:
            with pytest.raises(SaveFileError, match="position code: saved game"):
                mp.load(pack({**other, "ruleset": name, "setup": {**other["setup"], "ruleset": name}}))  # type: ignore[dict-item]


def test_what_is_not_a_saved_game_is_refused() -> None:
    cases = {
        "does not inflate": None,
        "holds more than a saved game": b"\0" * (MAX_SAVE + 10),
        "not JSON text": b"\xff\xfe not json",
        "not a JSON object": b"[1, 2]",
    }
    for message, raw in cases.items():
        if raw is None:  # a correct checksum over bytes that are no deflate stream
            rest = leb128(4) + b"\xff\xff\xff\xff"
            code = PREFIX + base64.urlsafe_b64encode(zlib.crc32(rest).to_bytes(4, "big") + rest).decode()
        else:
            code = pack(raw)
        with pytest.raises(SaveFileError, match=message):
            mp.load(code.rstrip("="))


def test_a_huge_text_is_refused_before_it_is_read() -> None:
    with pytest.raises(SaveFileError, match="longer than any code of a saved game"):
        mp.load(PREFIX + "A" * (codes.MAX_CODE + 5))
    with pytest.raises(SaveFileError, match="longer than any code of a saved game"):
        mp.load(PREFIX + " " * 10_000_000)


def test_a_code_of_another_format_version_says_which() -> None:
    with pytest.raises(SaveFileError, match="save format version 1: this library reads version 2"):
        mp.load("mpn1-AAAAAAAA")


def test_a_path_is_a_file_a_str_starting_like_a_code_is_a_code(tmp_path: Path) -> None:
    s = random_game("mp2", 2, 1)[10]
    path = tmp_path / "mpn2-game.json"
    s.save(path)
    assert mp.load(path) == s  # a Path is always a file
    with pytest.raises(SaveFileError, match="position code"):
        mp.load(str(path.name))
    assert codes.is_code(" mpn2-x") and not codes.is_code("game.json") and not codes.is_code(path)


def test_the_command_line_prints_a_code(tmp_path: Path) -> None:
    s = random_game("voyages", 2, 1)[15]
    s.save(tmp_path / "game.json")
    out = subprocess.run([sys.executable, "-m", "mp_notebook", "code", str(tmp_path / "game.json")],
                         capture_output=True, text=True, check=True).stdout.strip()
    assert mp.load(out) == s
