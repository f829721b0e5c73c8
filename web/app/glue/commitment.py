"""Secret programs by commitment (Virus Fight by link).

In Virus Fight every player writes a secret program before any move. Over a link there is no
referee to hold the programs, so each player first sends a *commitment*: the SHA-256 of the
program together with the game's id, the seat and a *salt* of 128 random bits. Once every seat
has committed, each player sends the program and the salt (the *reveal*); anyone can then check
that the reveal gives back the commitment, so nobody can change a program after seeing another.

Why the salt: a program is one of a few million (five cells, a handful of pieces), so a bare hash
of it could be inverted by trying them all in seconds. With 128 random bits mixed in, the
commitment says nothing about the program until the salt is revealed. The game id and the seat
are mixed in too, so a commitment cannot be copied to another seat or another game.

    sha256("virus-games/commit/1\\n" + game_id + "\\n" + seat + "\\n" + salt + "\\n" + program)

>>> salt = new_salt(1, 2)
>>> salt
'00000000000000010000000000000002'
>>> commitment = commit("lgame", 0, salt, "a1:M1 @a1")
>>> matches(commitment, "lgame", 0, {"p": "a1:M1 @a1", "k": salt})
True
>>> matches(commitment, "lgame", 1, {"p": "a1:M1 @a1", "k": salt})
False
"""

import hashlib

from glue.game_link import clean_reveal, hex_text
from glue.urlform import utf8_bytes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

PREFIX = "virus-games/commit/1\n"
MASK_64 = 0xFFFFFFFFFFFFFFFF


def new_salt(bits_a: int, bits_b: int) -> str:
    """A salt of 32 lowercase hex digits from two 64-bit random numbers."""
    return f"{bits_a & MASK_64:016x}{bits_b & MASK_64:016x}"


def commit(game_id: str, seat: int, salt: str, program: str) -> str:
    """The commitment (64 hex digits) of seat ``seat``'s ``program`` with ``salt`` in game
    ``game_id``."""
    text = PREFIX + game_id + "\n" + str(seat) + "\n" + salt + "\n" + program
    return hex_text(hashlib.sha256(utf8_bytes(text)).digest())


def matches(commitment: "Any", game_id: str, seat: int, reveal: "Any") -> bool:
    """Whether ``reveal`` (``{"p": program, "k": salt}``) gives back ``commitment``."""
    checked = clean_reveal(reveal)
    if checked is None:
        return False
    return isinstance(commitment, str) and commitment == commit(
        game_id, seat, checked["k"], checked["p"]
    )
