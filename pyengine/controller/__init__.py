"""The interactive side of a game, for any user interface: one JSON-in/JSON-out function.

A page (or any other front end) sends requests and gets back a *view*: everything it needs to
draw, with no rule left for it to know. Clicks are matched against the legal actions, so
selecting a tower and then a target, placing a piece or any later multi-click action works the
same for every game: an action is the sequence of cells a player clicks (its presentation's
``action_cells``).

Requests (``{"op": ...}``; :mod:`pyengine.protocol` declares every request, reply and view
field, and :data:`HANDLERS` names the method that handles each op):

``hello``                                  the engine's version and the registered games'
                                           ids (their rules are imported only when used)
``games``                                  every registered game's :meth:`Game.info`
``new``     ``game``, ``options``          start a game (a bad option is an error; the game
            [``seats``]                    on screen stays); ``seats`` names who plays each
                                           seat: ``human`` or a kind of computer player
                                           (:func:`seat_kinds`: ``random``, ``easy``, ...)
``bot``     [``slice_ms``]                 the computer seat to act thinks for at most
                                           ``slice_ms`` ms (none: to the end), then plays
``hint``    [``slice_ms``]                 the same for the human to act at the ``medium``
                                           level: the suggested action and two alternatives
``click``   ``cell``                       select, extend the selection, or play
``cancel``                                 drop the selection
``play``    ``action``                     play an action given in notation
``undo`` / ``redo``                        one action back / forward (a resignation too)
``resign``  [``player``]                   the seat to act (``player``: it must be that seat,
                                           a person's) gives up (:meth:`Match.resign`: the
                                           game ends, or in Virus Fight and Fight the Virus
                                           the player is out); the view's ``can_resign``
                                           says whether the seat to act may
``load``    ``record`` [``seats``]         replace the game by a replayed record (a bad record
                                           is an error naming the line; the game on screen stays)
``seek``    ``ply``                        undo or redo to the position after ``ply`` actions
``position`` ``ply``                       a read-only look at the position after ``ply``
                                           actions (a replay of the move list): the game,
                                           its undo and redo are untouched
``flip``    [``flipped``]                  turn the board half a turn (or set the orientation);
                                           ``new``, ``load`` and ``restore`` take ``flipped``
                                           too (the orientation of the game they start)
``restore`` ``match`` [``game``]           replace the game by one saved from a view's ``saved``
                                           document (:meth:`Match.to_json`: position, seats and
                                           redo list; a damaged one is an error naming the field)
``actors``  ``match`` [``game``]            which seat made each action of a saved match
                                           (``{"ok": true, "actors": [seat, ...]}``, oldest
                                           first), replayed on its own: an illegal action is
                                           an error, the game on screen is untouched (a game
                                           by link's checks)
``view``                                   the current view again
``diagram``                                the position as a standalone SVG document
``preview`` ``action``                     the board with an action drawn as a draft, not
                                           played (Virus Fight's secret program setup)
``review``  [``slice_ms``], [``budget``]   the computer's review of the game's actions to
                                           the current position (see "Reviewing" below)

What the controller knows of a game's drawing, clicks and texts comes from its
:class:`~pyengine.core.presentation.Presentation` (:meth:`Game.presentation`): required
methods, and optional hooks with neutral defaults (Virus Fight and Fight the Virus override
most of them: click paths, announcements, secret setups, previews, decisions taken without
search, spots of a board that is not one grid).

**The move list and replays.** Every ply of ``view.moves`` carries ``ply``: the number of
actions after which the move list shows it complete, the position a click on it shows
(``position``). The ``position`` reply is ``{"ok": true, "position": {...}}`` with the board
(``svg``, ``extras``, ``cell_labels``, ``grid``, ``last_move``), the texts (``turn``,
``status``, ``result``) and ``ply`` of that position; it is not a view (nothing to save).

**Saving.** Every view carries ``saved``: the match as :meth:`Match.to_json` (options, start,
every action, seats and the redo list), which ``restore`` takes back; it is how a page keeps a
game across reloads. It holds secret setups too: keep it on the device, share ``record``.

Replies: ``{"ok": true, "view": ..., "message": ...}`` or ``{"ok": false, "error": {"code",
"message", "params"}, "view": ...}``. Messages are translation requests
(``{"key", "params"}``) resolved by the page. Nothing ever escapes as a traceback.

**Thinking step by step.** ``bot`` and ``hint`` with ``slice_ms`` run a search (see
:mod:`pyengine.ai`) in slices, so the page stays in control between them: while the search is
not done the reply is ``{"ok": true, "thinking": {"purpose", "seat", "kind", "progress",
"iterations"}}`` *without a view* (nothing changed, and a view is tens of kB of SVG); the
next request of the same op continues it. When done, ``bot`` plays the action and replies
as ``play`` does, plus ``stats`` (the search's candidates and values, see
:meth:`pyengine.ai.Thinking.stats`; only counts for a secret decision); ``hint`` replies with
the view and ``hint``: ``{"seat", "actions": [{"action", "paths", "cells", "value"}, ...]}``,
the suggestion first, then up to two alternatives (``paths``: the click sequences that make
it, ``cells``: its board cells to highlight, ``value``: the search's estimate for the seat in
[-1, 1]). Each decision is seeded by the game's options and the number of actions played, so
a replayed game decides alike. Any other request that changes the game (``click``,
``play``, ``undo``, ``new``, ...) drops a search in progress.

**Reviewing.** ``review`` judges every move of the game (:mod:`pyengine.review`: each
move's mark, the mover's chance before and after it, the engine's better move, each seat's
marks and accuracy) at a fixed, seeded budget (``budget``: the search budget per position,
else the game's own), in slices as ``bot`` thinks: while not done the reply is ``{"ok":
true, "reviewing": {"judged", "total"}}``; the next ``review`` goes on with it as long as the
game's actions, its resignation and ``budget`` are the same (any other request may come
between), and when done the reply is ``{"ok": true, "review": ...}``, the versioned document
of :meth:`pyengine.review.Review.to_json` (again at once on the next request). No view: the
game is unchanged.

**Evaluation.** Every view carries ``evaluation``: ``{"chances", "history", "source"}``,
each seat's estimated chance to win (0..1) now and after every action so far
(``history[i]``: after ``i`` actions, ``history[0]`` the start). It comes from the latest
search of that position (``source`` ``"search"``: a computer's decision or a hint; the
position after a computer's move keeps its search's values) or else from the game's cheap
``HEURISTICS.evaluate`` (``"heuristic"``); a finished game gives its result. A value ``v`` in
[-1, 1] becomes ``(v + 1) / 2``; with two or more seats the chances are scaled to add up to 1.

**The package.** :mod:`~pyengine.controller.handlers`: the :class:`Controller`, its op
handlers and :data:`HANDLERS`; :mod:`~pyengine.controller.basics`: request fields, errors,
messages; :mod:`~pyengine.controller.clicks`: matching clicks, the selection, click paths;
:mod:`~pyengine.controller.thinking`: computer players, hints, the evaluation;
:mod:`~pyengine.controller.views`: the view, positions, the move list, results.

>>> controller = Controller()
>>> reply = controller.handle({"op": "new", "game": "zebra", "options": {"size": 4}})
>>> reply["ok"], reply["view"]["turn"]["key"], len(reply["view"]["sources"])
(True, 'play.to-move', 8)
>>> controller.handle({"op": "click", "cell": "c2"})["view"]["targets"]
['b2', 'c1', 'c3', 'd2']
>>> reply = controller.handle({"op": "click", "cell": "d2"})
>>> reply["message"]["params"]["action"], reply["view"]["last_move"]
('c2-d2', ['c2', 'd2'])
"""

from __future__ import annotations

from pyengine.controller.basics import (
    MAX_REQUEST_CHARS,
    Reply,
    RequestError,
    presentation_of,
    seat_kinds,
)
from pyengine.controller.clicks import board_spots, click_paths
from pyengine.controller.handlers import HANDLERS, Controller
from pyengine.controller.thinking import HINT_LEVEL, chances, estimate
from pyengine.controller.views import entry_plies

__all__ = [
    "HANDLERS",
    "HINT_LEVEL",
    "MAX_REQUEST_CHARS",
    "Controller",
    "Reply",
    "RequestError",
    "board_spots",
    "chances",
    "click_paths",
    "entry_plies",
    "estimate",
    "presentation_of",
    "seat_kinds",
]
