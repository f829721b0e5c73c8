"""The protocol's part that describes the registered games (the ``games`` op and
:meth:`pyengine.core.game.Game.info`): their seats and options, for building a form.
:mod:`pyengine.protocol` declares them with the rest of the protocol."""

from typing import Any, NotRequired, TypedDict


class OptionInfo(TypedDict):
    """One game option, for building a form."""

    name: str  # the option's name
    kind: str  # ``int``, ``choice`` or ``bool``
    default: Any  # its default value
    label: str  # its English label
    description: str  # its English description
    minimum: NotRequired[int]  # an ``int`` option's smallest value
    maximum: NotRequired[int]  # an ``int`` option's largest value, a ``str`` option's longest text
    choices: NotRequired[list[Any]]  # a ``choice`` option's values


class ConstraintInfo(TypedDict):
    """A rule between two options."""

    when: str  # the option that decides
    values: list[Any]  # its values under which the rule holds
    option: str  # the option restricted
    allowed: list[Any]  # that option's allowed values then
    description: str  # the rule in English


class OptionsInfo(TypedDict):
    """A game's options schema."""

    options: list[OptionInfo]  # every option
    constraints: list[ConstraintInfo]  # the rules between them


class PlayerCount(TypedDict):
    """How many seats a game takes."""

    min: int  # the fewest
    max: int  # the most


class GameInfo(TypedDict):
    """A registered game (:meth:`Game.info`)."""

    id: str  # its id (``zebra``)
    name: str  # its English name
    players: PlayerCount  # its seat counts
    options: OptionsInfo  # its options
