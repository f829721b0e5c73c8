"""The game page's state as JSON text, for the e2e tests and bench/load.py (they cannot read
Python objects): the view's main fields and the page's own flags (``window.virusGames.status``),
and :func:`expose`, which hands it and the page's ``send`` to them.
"""

import json

from glue import dom, page_state

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any


def page_status(page: "Any") -> str:
    """``page`` is the game page (glue.game.GamePage)."""
    state = page.state
    view: Mapping[str, Any] = state.view or {}
    setup = view.get("setup")
    return json.dumps(
        {
            "ready": state.view is not None,
            "ply": view.get("ply_count"),
            "over": bool(view.get("result")),
            "toMove": view.get("to_move"),
            "seats": view.get("seats"),
            "bot": page_state.bot_to_move(state.view),
            "busy": state.inflight > 0 or page.computer.busy() or dom.working() > 0,
            "setup": setup["seat"] if setup else None,
            "record": view.get("record"),
            "generation": state.generation,
            "selection": view.get("selection"),
            "sources": view.get("sources"),
            "highlighted": view.get("highlighted"),
            "targets": view.get("targets"),
            "buttons": view.get("buttons"),
            "saved": view.get("saved"),
            "board": list(view.get("cell_labels") or {}),
            "hint": state.hint,
            "viewing": None if page.viewing() is None else page.viewer.ply,
            "motions": 0 if page.made_animator is None else page.made_animator.played,
            "sounds": page.speaker.played,
            "muted": page.speaker.muted,
            "flipped": bool((view.get("grid") or {}).get("flipped")),
            "thinkingReplies": state.thinking_replies,
            "download": page.engine.download,
            "bootSteps": page.engine.boot_steps,
            "remote": state.remote,
            "review": None if page.made_review is None else page.made_review.status(),
        }
    )


def expose(page: "Any") -> None:
    """What the e2e tests and the benchmarks use (only they ask for it, see
    dom.test_hooks_wanted): ``send(request)`` resolves with the engine's reply, ``status()``
    gives the page's state as JSON text, ``fault()`` raises in the glue."""

    def fault() -> None:
        # an error in the glue, as any event handler could meet one (e2e/test_zebra.py)
        raise RuntimeError("a fault caused on purpose")

    dom.expose_test_hooks(page.send, page.status, fault)
