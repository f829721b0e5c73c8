"""The protocol's part between the game page and the engine's web worker
(web/app/engine-worker.js, web/app/glue/dom/worker.py): the messages around the requests and
replies of :mod:`pyengine.protocol`, which travel inside them as JSON text."""

from typing import Any, Literal, TypedDict


class WorkerRequest(TypedDict):
    """The page to the worker: one request, as JSON text."""

    id: int  # the request's number, which its answer carries
    request: str  # a :data:`Request` as JSON text


class WorkerGo(TypedDict):
    """The page to the worker: the release; the worker starts its downloads (once)."""

    go: bool  # always true


class WorkerReply(TypedDict):
    """The worker to the page: the engine's reply to request ``id``."""

    id: int  # the request's number
    reply: str  # a :data:`Reply` as JSON text


class WorkerError(TypedDict):
    """The worker to the page: request ``id`` could not be handled (the worker failed)."""

    id: int  # the request's number
    error: str  # what went wrong


class WorkerStarted(TypedDict):
    """The worker to the page: its script runs (it downloads nothing until it is released)."""

    started: Literal[True]  # always true


class WorkerGoing(TypedDict):
    """The worker to the page: it was released (its name or ``{go: true}``) and now
    downloads and starts the engine (the download bar may start); sent once."""

    going: bool  # always true


class WorkerBoot(TypedDict):
    """The worker to the page: the engine is up."""

    boot: str  # how it started: ``snapshot`` or ``normal``
    snapshot: Any  # what became of the memory snapshot (the worker's own description)
    steps: dict[str, float]  # its start's steps, in ms since the epoch
