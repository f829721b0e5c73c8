"""A deliberately naive second implementation of the Virus War rules, for differential tests.

It keeps the board as a dict from ``(file, rank)`` to a symbol (``. X O x o``), finds bridges
by a breadth-first search over sets, and applies the full-turn rule of §5 *by its definition*:
M is the largest k ≤ 3 such that some sequence of k steps exists (a sequence cut short by the
end of the game counts as reaching every length), found by searching step sequences; a step is
legal only if the turn can still be completed to M steps (or to the end of the game) after it;
the turn ends when M steps are made. It relies on no lemma, shares no code with the engine and
speaks only notation strings.
"""

from __future__ import annotations

from collections.abc import Iterator

FILES = "abcdefghiklmno"
Board = dict[tuple[int, int], str]


def cell_name(cell: tuple[int, int]) -> str:
    return f"{FILES[cell[0]]}{cell[1] + 1}"


def enemy_of(player: str) -> str:
    return "O" if player == "X" else "X"


class ReferenceVirusWar:
    """One game (or a game from a given position), stepped with notation strings."""

    def __init__(
        self,
        size: int,
        variant: str = "standard",
        *,
        contents: str | None = None,
        to_move: str = "X",
        passes: int = 0,
        last_mover: str | None = None,
        turn_steps: tuple[str, ...] = (),
    ) -> None:
        self.size = size
        self.variant = variant
        self.around = {  # the up to 8 neighbours of each cell
            (file, rank): [
                (file + df, rank + dr)
                for df in (-1, 0, 1)
                for dr in (-1, 0, 1)
                if (df or dr) and 0 <= file + df < size and 0 <= rank + dr < size
            ]
            for file in range(size)
            for rank in range(size)
        }
        contents = contents or "." * (size * size)
        self.board: Board = {
            (index % size, index // size): symbol for index, symbol in enumerate(contents)
        }
        self.to_move = to_move
        self.passes = passes
        self.last_mover = last_mover
        self.over = passes == 2 or any(self.eliminated(p, self.board) for p in "XO")
        self.turn_made = len(turn_steps)
        # M of a turn in progress: the definition needs the position at its start
        start = dict(self.board)
        for name in turn_steps:
            cell = self.cell(name)
            start[cell] = "." if start[cell] == to_move else enemy_of(to_move)
        self.turn_length = 0 if self.over else self.max_length(start, to_move)

    # -- geometry -----------------------------------------------------------------------

    def cell(self, name: str) -> tuple[int, int]:
        return FILES.index(name[0]), int(name[1:]) - 1

    def neighbours(self, cell: tuple[int, int]) -> list[tuple[int, int]]:
        return self.around[cell]

    def home(self, player: str) -> tuple[int, int]:
        return (0, 0) if player == "X" else (self.size - 1, self.size - 1)

    # -- §3 and §4 ------------------------------------------------------------------------

    @staticmethod
    def has_symbol(player: str, board: Board) -> bool:
        return any(symbol in (player, player.lower()) for symbol in board.values())

    def eliminated(self, player: str, board: Board) -> bool:
        return self.has_symbol(player, board) and player not in board.values()

    def bridges(self, player: str, board: Board) -> set[tuple[int, int]]:
        fortress = {cell for cell, symbol in board.items() if symbol == enemy_of(player).lower()}
        live = {cell for cell, symbol in board.items() if symbol == player}
        found: set[tuple[int, int]] = set()
        seen: set[tuple[int, int]] = set()
        for first in fortress:
            if first in seen:
                continue
            group = {first}
            queue = [first]
            while queue:
                current = queue.pop()
                for neighbour in self.neighbours(current):
                    if neighbour in fortress and neighbour not in group:
                        group.add(neighbour)
                        queue.append(neighbour)
            seen |= group
            if any(neighbour in live for cell in group for neighbour in self.neighbours(cell)):
                found |= group
        return found

    def accessible(self, player: str, board: Board) -> set[tuple[int, int]]:
        sources = {cell for cell, symbol in board.items() if symbol == player}
        sources |= self.bridges(player, board)
        return {neighbour for cell in sources for neighbour in self.neighbours(cell)}

    def steps(self, player: str, board: Board) -> list[tuple[int, int]]:
        """The §4 steps of ``player``, sorted by file then rank."""
        enemy = enemy_of(player)
        if not self.has_symbol(player, board):
            home = self.home(player)
            return [home] if board[home] == "." else []
        reach = self.accessible(player, board)
        found = [cell for cell in reach if board[cell] in (".", enemy)]
        if not self.has_symbol(enemy, board):
            found = [cell for cell in found if cell != self.home(enemy)]
        return sorted(found)

    def stepped(self, player: str, board: Board, cell: tuple[int, int]) -> Board:
        after = dict(board)
        after[cell] = player if board[cell] == "." else board[cell].lower()
        return after

    # -- §5 by definition -------------------------------------------------------------------

    def can_make(self, board: Board, player: str, count: int) -> bool:
        """Whether ``player`` can make ``count`` more successive steps (or end the game)."""
        if count == 0:
            return True
        for cell in self.steps(player, board):
            after = self.stepped(player, board, cell)
            if self.eliminated(enemy_of(player), after) or self.can_make(after, player, count - 1):
                return True
        return False

    def max_length(self, board: Board, player: str) -> int:
        return max(count for count in range(4) if self.can_make(board, player, count))

    def legal(self) -> list[str]:
        """Legal actions: ``pass`` first when legal, then steps by file then rank."""
        if self.over:
            return []
        player = self.to_move
        found = ["pass"] if self.turn_made == 0 else []
        need = self.turn_length - self.turn_made - 1
        for cell in self.steps(player, self.board):
            after = self.stepped(player, self.board, cell)
            if self.eliminated(enemy_of(player), after) or self.can_make(after, player, need):
                found.append(cell_name(cell))
        return found

    def play(self, text: str) -> None:
        assert text in self.legal(), text
        player = self.to_move
        enemy = enemy_of(player)
        if text == "pass":
            if self.passes:
                self.passes = 2
                self.over = True
            else:
                self.passes = 1
            self.end_turn()
            return
        self.board = self.stepped(player, self.board, self.cell(text))
        self.passes = 0
        self.last_mover = player
        self.turn_made += 1
        if self.eliminated(enemy, self.board):
            self.over = True
            self.end_turn()
        elif self.turn_made == self.turn_length:
            self.end_turn()

    def end_turn(self) -> None:
        self.to_move = enemy_of(self.to_move)
        self.turn_made = 0
        self.turn_length = 0 if self.over else self.max_length(self.board, self.to_move)

    # -- turns as wholes ------------------------------------------------------------------

    def sequences(self) -> Iterator[tuple[str, ...]]:
        """Every legal order of steps that completes the current turn (by brute force)."""
        if self.over:
            return

        def walk(game: ReferenceVirusWar, order: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
            for text in game.legal():
                if text == "pass":
                    continue
                twin = game.copy()
                twin.play(text)
                if twin.to_move != game.to_move or twin.over:
                    yield (*order, text)
                else:
                    yield from walk(twin, (*order, text))

        yield from walk(self, ())

    def copy(self) -> ReferenceVirusWar:
        twin = object.__new__(ReferenceVirusWar)
        twin.__dict__.update(self.__dict__)
        twin.board = dict(self.board)
        return twin

    def contents(self) -> str:
        return "".join(
            self.board[index % self.size, index // self.size]
            for index in range(self.size * self.size)
        )

    def result(self) -> tuple[tuple[str, ...], str] | None:
        """(winners, reason) once the game is over."""
        if not self.over:
            return None
        for player in "XO":
            if self.eliminated(player, self.board):
                return (enemy_of(player),), "elimination"
        if self.variant == "last-move-wins" and self.last_mover:
            return (self.last_mover,), "last-move"
        return (), "draw"
