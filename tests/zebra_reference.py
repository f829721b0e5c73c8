"""A deliberately naive second implementation of the Zebra rules, for differential tests.

It keeps every tower as its full list of colours (bottom first), walks the board cell by cell
and speaks only notation strings, so it shares no code or representation with the engine.
"""

from __future__ import annotations

FILES = "abcdefghij"
STEP_DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
JUMP_DIRECTIONS = [(-1, 0), (0, -1), (0, 1), (1, 0)]


class ReferenceZebra:
    def __init__(self, size: int, setup: str, movement: str) -> None:
        self.size = size
        self.jump = movement == "jump"
        self.towers: dict[tuple[int, int], list[str]] = {}
        self.holes: set[tuple[int, int]] = set()
        self.neutral: tuple[int, int] | None = None
        centre = ((size + 1) // 2, (size + 1) // 2) if size % 2 else None
        for file in range(1, size + 1):
            for rank in range(1, size + 1):
                colour = "B" if (file + rank) % 2 == 0 else "W"
                self.towers[file, rank] = [] if setup == "placement" else [colour]
        if setup in ("hole", "placement") and centre:
            self.holes.add(centre)
            self.towers[centre] = []
        if setup == "neutral":
            assert centre is not None  # the neutral setup needs an odd size
            self.neutral = centre
            self.towers[centre] = []
        self.phase = {"remove": "removal", "placement": "placement"}.get(setup, "movement")
        self.to_move = "B" if setup == "remove" else "W"
        self.plies = 0
        self.cap = 20 * size * size
        self.order = sorted(self.towers)
        self.seen = {self.key()}

    # -- helpers ----------------------------------------------------------------------

    @staticmethod
    def name(cell: tuple[int, int]) -> str:
        return f"{FILES[cell[0] - 1]}{cell[1]}"

    def cell(self, text: str) -> tuple[int, int]:
        return FILES.index(text[0]) + 1, int(text[1:])

    def key(self) -> tuple[object, ...]:
        return tuple(tuple(self.towers[cell]) for cell in self.order), self.to_move

    def top(self, cell: tuple[int, int]) -> str | None:
        tower = self.towers.get(cell)
        return tower[-1] if tower else None

    def can_land(self, cell: tuple[int, int]) -> bool:
        top = self.top(cell)
        if top is None:
            return cell == self.neutral  # a bare neutral base, or a dead cell
        return top != self.to_move

    def values(self) -> tuple[int, ...]:
        """The engine's cell encoding, to compare with ``ZebraState.cells``."""
        result = []
        for rank in range(1, self.size + 1):
            for file in range(1, self.size + 1):
                tower = self.towers[file, rank]
                result.append(0 if not tower else len(tower) * (1 if tower[-1] == "W" else -1))
        return tuple(result)

    def pieces(self) -> tuple[int, int]:
        every = [piece for tower in self.towers.values() for piece in tower]
        return every.count("W"), every.count("B")

    def counts(self) -> tuple[int, int]:
        tops = [tower[-1] for tower in self.towers.values() if tower]
        return tops.count("W"), tops.count("B")

    # -- rules ------------------------------------------------------------------------

    def legal(self) -> list[str]:
        if self.phase == "removal":
            found = ["x" + self.name(cell) for cell in self.towers if self.top(cell) == "B"]
        elif self.phase == "placement":
            found = [
                "@" + self.name(cell)
                for cell, tower in self.towers.items()
                if not tower and cell not in self.holes
            ]
        elif self.plies >= self.cap:
            found = []
        else:
            found = []
            current = [tuple(self.towers[cell]) for cell in self.order]
            for source, tower in self.towers.items():
                if not tower or tower[-1] != self.to_move:
                    continue
                for target in self.move_targets(source, len(tower)):
                    text = f"{self.name(source)}-{self.name(target)}"
                    if self.after(text, current) not in self.seen:
                        found.append(text)
        return sorted(found)

    def move_targets(self, source: tuple[int, int], height: int) -> list[tuple[int, int]]:
        targets = []
        for file_step, rank_step in JUMP_DIRECTIONS if self.jump else STEP_DIRECTIONS:
            target = (source[0] + file_step, source[1] + rank_step)
            crossed = 0
            while (
                self.jump
                and target in self.towers
                and not self.towers[target]
                and (target != self.neutral)
            ):
                crossed += 1
                target = (target[0] + file_step, target[1] + rank_step)
            if target in self.towers and crossed <= height and self.can_land(target):
                targets.append(target)
        return targets

    def after(self, text: str, current: list[tuple[str, ...]]) -> tuple[object, ...]:
        """The key of the position a move would produce; ``current`` is this position's
        towers in key order (only the two towers of the move change)."""
        source, target = (self.cell(part) for part in text.split("-"))
        cells = list(current)
        cells[self.order.index(source)] = tuple(self.towers[source][:-1])
        cells[self.order.index(target)] = (*self.towers[target], self.towers[source][-1])
        return tuple(cells), "B" if self.to_move == "W" else "W"

    def _play(self, text: str) -> None:
        if text.startswith("x"):
            self.towers[self.cell(text[1:])].pop()
            self.phase = "movement"
        elif text.startswith("@"):
            self.towers[self.cell(text[1:])].append(self.to_move)
            if all(tower or cell in self.holes for cell, tower in self.towers.items()):
                self.phase = "movement"
        else:
            source, target = (self.cell(part) for part in text.split("-"))
            self.towers[target].append(self.towers[source].pop())
            self.plies += 1
        self.to_move = "B" if self.to_move == "W" else "W"

    def play(self, text: str, *, legal: list[str] | None = None) -> None:
        """Play a legal action (``legal``: the already computed legal list, if any)."""
        assert text in (self.legal() if legal is None else legal), text
        self._play(text)
        self.seen.add(self.key())

    def winner(self) -> tuple[int, str] | None:
        """(winning seat, reason) once the player to move has no legal action."""
        if self.legal():
            return None
        white, black = self.counts()
        if white != black:
            return (0 if white > black else 1), "count"
        return (1 if self.to_move == "W" else 0), "tie-last-mover"
