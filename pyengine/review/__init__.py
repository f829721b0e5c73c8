"""The computer's review of a game: every move judged, the better move shown.

A review judges every *move* of a game as its move list shows them (a Virus War turn of up to
three steps is one move; :mod:`pyengine.review.moves`): for each, the mover, the move's text,
the mover's winning chance with the engine's preferred move and after the move played, the
preferred move (its actions and text), the drop between the two and a class (``best``,
``fine``, ``inaccuracy``, ``mistake``, ``blunder``; :mod:`pyengine.review.marks`, which also
gives each player's accuracy). Forced moves, secret setups and a move still going on are
listed but never judged. Chances come from a search at a fixed, seeded budget, the hard
level's own per game (:mod:`pyengine.review.judges`): the same game reviewed twice gets the
same marks on every machine.

:class:`Reviewer` runs in slices, as the computer's thinking does in the browser's worker::

    reviewer = Reviewer(state)            # or Reviewer.from_record(text)
    while not reviewer.done:
        judged, total = reviewer.step(2000)   # about 2000 search iterations' work
    document = reviewer.result().to_json()    # versioned, to save with the game

:func:`review` does it all at once; ``python -m pyengine review RECORD_FILE`` prints it.

>>> from pyengine.core.registry import get_game
>>> state = get_game("zebra").new_initial_state({"size": 4})
>>> for text in ("a2-a3", "d2-d3"):
...     state.apply(text)
>>> result = review(state, budget=100)
>>> [(move.text, move.kind) for move in result.moves]
[('a2-a3', 'move'), ('d2-d3', 'move')]
>>> result.to_json()["format"], result.moves[0].mark in ("best", "fine", "inaccuracy")
('virus-games/review', True)
"""

from pyengine.review.judges import DEFAULT_BUDGETS, Verdict, judge_for
from pyengine.review.marks import (
    CLASSES,
    MARKED,
    THRESHOLDS,
    classify,
    move_accuracy,
    player_accuracy,
)
from pyengine.review.moves import MoveSpan, move_spans
from pyengine.review.reviewer import (
    REVIEW_FORMAT,
    REVIEW_VERSION,
    MoveReview,
    PlayerReview,
    Review,
    Reviewer,
    best_move,
    load_game,
    review,
)

__all__ = [
    "CLASSES",
    "DEFAULT_BUDGETS",
    "MARKED",
    "REVIEW_FORMAT",
    "REVIEW_VERSION",
    "THRESHOLDS",
    "MoveReview",
    "MoveSpan",
    "PlayerReview",
    "Review",
    "Reviewer",
    "Verdict",
    "best_move",
    "classify",
    "judge_for",
    "load_game",
    "move_accuracy",
    "move_spans",
    "player_accuracy",
    "review",
]
