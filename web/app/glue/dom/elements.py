"""Elements and events: :class:`Element` and :class:`Event` are the glue's whole vocabulary for
the page's content; no other module reads or writes the DOM."""

from pyscript import document
from pyscript.ffi import create_proxy, to_js

from glue.dom.runtime import Flag, guarded, js, same, window

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


class Element:
    """A page element behind the glue's own small vocabulary: no other module touches the DOM.
    Wraps an HTML or SVG element; two wrappers of one element are :meth:`same`."""

    def __init__(self, node: "Any") -> None:
        self.raw = node  # the JavaScript element; read in this module only

    # content and attributes
    def text(self) -> str:
        return str(self.raw.textContent or "")

    def set_text(self, text: str) -> None:
        self.raw.textContent = text

    def set_markup(self, markup: str) -> None:
        """Replaces the content with markup: only the engine's SVG or a checked picture."""
        self.raw.innerHTML = markup

    def markup(self) -> str:
        """The element's own markup (``outerHTML``)."""
        return str(self.raw.outerHTML)

    def content_markup(self) -> str:
        """The markup of the element's content (``innerHTML``)."""
        return str(self.raw.innerHTML)

    def template_copy(self) -> "Element":
        """A copy of a ``<template>``'s content (a fragment: appending it adds its children)."""
        return Element(self.raw.content.cloneNode(True))

    def attr(self, name: str) -> "str | None":
        value = self.raw.getAttribute(name)
        return None if value is None else str(value)

    def set_attr(self, name: str, value: "Any") -> None:
        """Sets an attribute (None removes it)."""
        if value is None:
            self.raw.removeAttribute(name)
        else:
            self.raw.setAttribute(name, str(value))

    def has_attr(self, name: str) -> bool:
        return bool(self.raw.hasAttribute(name))

    def data(self, name: str) -> "str | None":
        """``data-<name>``, or None."""
        return self.attr("data-" + name)

    def set_data(self, name: str, value: "Any") -> None:
        self.set_attr("data-" + name, value)

    def set_tint(self, seat: "Any") -> None:
        """A seat's colour beyond the ones named per seat (``data-tint``, read by site.css):
        Fight the Virus cycles six colours over up to 20 seats; None (no seat) removes it."""
        self.set_data("tint", seat % 6 if isinstance(seat, int) and seat is not True else None)

    def tag(self) -> str:
        return str(self.raw.tagName).lower()

    # state
    def is_hidden(self) -> bool:
        return bool(self.raw.hidden)

    def show(self, visible: bool = True) -> None:
        self.raw.hidden = not visible

    def enabled(self) -> bool:
        return not self.raw.disabled

    def enable(self, usable: bool = True) -> None:
        self.raw.disabled = not usable

    def value(self) -> str:
        return str(self.raw.value)

    def set_value(self, value: "Any") -> None:
        self.raw.value = value

    def is_checked(self) -> bool:
        return bool(self.raw.checked)

    def set_checked(self, checked: bool) -> None:
        self.raw.checked = checked

    def set_open(self, opened: bool) -> None:
        """A ``<details>``'s or a ``<dialog>``'s open state."""
        self.raw.open = opened

    # classes and style
    def has_class(self, name: str) -> bool:
        return bool(self.raw.classList.contains(name))

    def set_class(self, name: str, on: bool = True) -> None:
        self.raw.classList.toggle(name, bool(on))

    def set_style(self, name: str, value: "str | None") -> None:
        """A CSS property (custom properties too); None removes every inline style."""
        if value is None:
            self.raw.removeAttribute("style")
        else:
            self.raw.style.setProperty(name, value)

    def computed_style(self, name: str) -> str:
        """A CSS property's computed value (``grid-template-columns``)."""
        return str(window.getComputedStyle(self.raw).getPropertyValue(name))

    # the tree
    def find(self, selector: str) -> "Element | None":
        return wrap(self.raw.querySelector(selector))

    def find_all(self, selector: str) -> "list[Element]":
        return wrap_all(self.raw.querySelectorAll(selector))

    def closest(self, selector: str) -> "Element | None":
        return wrap(self.raw.closest(selector))

    def contains(self, other: "Element | None") -> bool:
        return other is not None and bool(self.raw.contains(other.raw))

    def children(self) -> "list[Element]":
        return wrap_all(self.raw.children)

    def parent(self) -> "Element | None":
        return wrap(self.raw.parentElement)

    def append(self, child: "Element") -> None:
        self.raw.append(child.raw)

    def append_text(self, text: str) -> None:
        """Appends a text node (beside the element's other children)."""
        self.raw.append(text)

    def replace_children(self, children: "list[Element]") -> None:
        self.raw.replaceChildren(*[child.raw for child in children])

    def remove(self) -> None:
        self.raw.remove()

    def clone(self) -> "Element":
        return Element(self.raw.cloneNode(True))

    def prepend(self, child: "Element") -> None:
        self.raw.prepend(child.raw)

    def append_markup(self, markup: str) -> None:
        """Adds markup after the content: only the engine's SVG or a checked picture."""
        self.raw.insertAdjacentHTML("beforeend", markup)

    def same(self, other: "Element | None") -> bool:
        return other is not None and same(self.raw, other.raw)

    # behaviour and geometry
    def focus(self, keep_scroll: bool = False) -> None:
        """Takes the keyboard focus (``keep_scroll``: without scrolling it into view)."""
        if keep_scroll:
            self.raw.focus(to_js({"preventScroll": True}))
        else:
            self.raw.focus()

    def blur(self) -> None:
        self.raw.blur()

    def click(self) -> None:
        self.raw.click()

    def press(self, key: str) -> None:
        """A synthetic ``keydown`` of ``key`` on the element (it bubbles, as a real one)."""
        options = to_js({"key": key, "bubbles": True, "cancelable": True})
        self.raw.dispatchEvent(js.KeyboardEvent.new("keydown", options))

    def select_all(self) -> None:
        """Selects a text field's whole text."""
        self.raw.select()

    def choice_changed(self) -> bool:
        """Whether a ``<select>`` shows another option than its default one (the markup's
        ``selected`` option, else the first)."""
        options = self.raw.options
        default = 0
        for index in range(options.length):
            if options.item(index).defaultSelected:
                default = index
                break
        return bool(self.raw.selectedIndex != default)

    def chosen_file(self) -> "ChosenFile | None":
        """A file field's first chosen file, or None."""
        files = self.raw.files
        return ChosenFile(files.item(0)) if files is not None and files.length > 0 else None

    def has_focus(self) -> bool:
        return same(document.activeElement, self.raw)

    def rect(self) -> "tuple[float, float, float, float]":
        """left, top, width and height on the screen, in CSS pixels."""
        box = self.raw.getBoundingClientRect()
        return (float(box.left), float(box.top), float(box.width), float(box.height))

    def width(self) -> float:
        """The inner width (``clientWidth``)."""
        return float(self.raw.clientWidth)

    def scroll_position(self) -> "tuple[float, float]":
        return (float(self.raw.scrollLeft), float(self.raw.scrollTop))

    def set_scroll(self, left: "float | None", top: "float | None") -> None:
        """Scrolls the element's content (``None`` leaves that axis; ``-1`` top: the end)."""
        if left is not None:
            self.raw.scrollLeft = left
        if top is not None:
            self.raw.scrollTop = self.raw.scrollHeight if top < 0 else top

    def scroll_into_view(self, block: str = "nearest") -> None:
        self.raw.scrollIntoView(to_js({"block": block, "inline": "nearest"}))

    def on(self, event: str, handler: "Callable[..., Any]", capture: bool = False) -> "Any":
        """Binds ``handler`` (given an :class:`Event`) to ``event``; see :func:`on`."""
        return on(self, event, handler, capture)


class Event:
    """A browser event as the glue reads it."""

    def __init__(self, event: "Any") -> None:
        self.raw = event

    @property
    def kind(self) -> str:
        return str(self.raw.type)

    @property
    def key(self) -> str:
        """A key event's key, or a storage event's key."""
        value = getattr(self.raw, "key", None)
        return "" if value is None else str(value)

    @property
    def new_value(self) -> "str | None":
        """A storage event's new value (None: the key was removed)."""
        value = getattr(self.raw, "newValue", None)
        return None if value is None else str(value)

    @property
    def storage_key(self) -> "str | None":
        """A storage event's key (None: the whole storage was cleared)."""
        value = getattr(self.raw, "key", None)
        return None if value is None else str(value)

    @property
    def origin(self) -> str:
        """A message event's sender's origin."""
        return str(self.raw.origin)

    @property
    def from_parent(self) -> bool:
        """Whether a message event comes from the window that frames this page."""
        return same(self.raw.source, window.parent)

    @property
    def message_type(self) -> "str | None":
        """A message event's ``data.type``, or None."""
        value = getattr(self.raw.data, "type", None) if self.raw.data is not None else None
        return None if value is None else str(value)

    @property
    def target(self) -> "Element | None":
        return wrap(getattr(self.raw, "target", None))

    @property
    def modified(self) -> bool:
        """Ctrl, Alt or Meta (Cmd) held: a browser or system shortcut."""
        raw = self.raw
        return bool(raw.ctrlKey or raw.altKey or raw.metaKey)

    @property
    def command(self) -> bool:
        """Ctrl or Meta (Cmd) held: the platform's command key (Ctrl+Z, Cmd+Z)."""
        return bool(self.raw.ctrlKey or self.raw.metaKey)

    @property
    def shift(self) -> bool:
        return bool(self.raw.shiftKey)

    @property
    def pointer(self) -> str:
        """``mouse``, ``touch``, ``pen``, or ``""`` (a keyboard's click)."""
        value = getattr(self.raw, "pointerType", None)
        return "" if value is None else str(value)

    @property
    def button(self) -> int:
        value = getattr(self.raw, "button", None)
        return 0 if value is None else int(value)

    @property
    def point(self) -> "tuple[float, float]":
        return (float(self.raw.clientX), float(self.raw.clientY))

    def prevent(self) -> None:
        """No default action (the browser's own for this key or click)."""
        self.raw.preventDefault()

    def stop(self) -> None:
        self.raw.stopPropagation()


class ChosenFile:
    """A file the person chose in a file field: its name, its size in bytes, its text."""

    def __init__(self, file: "Any") -> None:
        self.raw = file
        self.name = str(file.name)
        self.size = file.size

    async def text(self) -> str:
        """The file as UTF-8 text (undecodable bytes become U+FFFD, never an error)."""
        return str(await self.raw.text())


def wrap(node: "Any") -> "Element | None":
    return None if node is None else Element(node)


def wrap_all(nodes: "Any") -> "list[Element]":
    return [Element(nodes.item(index)) for index in range(nodes.length)]


def body() -> Element:
    return Element(document.body)


def root() -> Element:
    """The page's ``<html>`` element."""
    return Element(document.documentElement)


def on_resize(element: Element, handler: "Callable[[], Any]") -> None:
    """Calls ``handler`` whenever ``element``'s size changes (a ResizeObserver; errors reported),
    for the page's lifetime."""
    call = guarded(lambda *_: handler(), "resize")
    js.ResizeObserver.new(create_proxy(call)).observe(element.raw)


async def until_attr(element: Element, name: str, value: str) -> None:
    """Until ``element``'s attribute ``name`` is ``value`` (at once if it is)."""
    if element.attr(name) == value:
        return
    flag = Flag()

    def changed(*_: "Any") -> None:
        if element.attr(name) == value:
            observer.disconnect()
            flag.set()

    observer = js.MutationObserver.new(create_proxy(guarded(changed, "attribute")))
    observer.observe(element.raw, to_js({"attributes": True, "attributeFilter": [name]}))
    await flag.wait()


def element(element_id: str) -> "Element | None":
    """The element with this id, or None."""
    return wrap(document.getElementById(element_id))


def node(element_id: str) -> Element:
    """The element with this id, which the page's markup always has."""
    found = document.getElementById(element_id)
    if found is None:
        raise LookupError("the page has no element #" + element_id)
    return Element(found)


def find(selector: str) -> "Element | None":
    return wrap(document.querySelector(selector))


def find_all(selector: str) -> "list[Element]":
    return wrap_all(document.querySelectorAll(selector))


def css_escape(text: str) -> str:
    """``text`` as an identifier or a string in a CSS selector (``CSS.escape``)."""
    return str(window.CSS.escape(text))


def make(tag: str, class_name: str = "", text: "str | None" = None) -> Element:
    """A new HTML element, with a class and text."""
    return Element(_create(tag, class_name, text))


def make_svg(name: str, attributes: "dict[str, Any]") -> Element:
    """A new SVG element with attributes (the site's CSP allows no inline styles; attributes
    are fine)."""
    return Element(_svg_element(name, attributes))


def focused() -> "Element | None":
    return wrap(document.activeElement)


def take_early_input() -> "list[dict[str, Any]]":
    """The clicks and keys app/engine-early.js recorded before the glue's handlers were bound,
    in order: ``{"cell": name}`` (a board cell), ``{"target": Element}`` (a button),
    ``{"key": key, "target": Element}``; the early script records no more. Once only."""
    early = getattr(window, "virusGamesEarlyInput", None)
    if early is None:
        return []
    early.taken = True
    js.Reflect.deleteProperty(window, "virusGamesEarlyInput")
    taken: list[dict[str, Any]] = []
    events = early.events
    for index in range(int(events.length)):
        event = events[index]
        cell = getattr(event, "cell", None)
        key = getattr(event, "key", None)
        target = getattr(event, "target", None)
        if cell is not None:
            taken.append({"cell": str(cell)})
        elif key is not None and target is not None:
            taken.append({"key": str(key), "target": Element(target)})
        elif target is not None:
            taken.append({"target": Element(target)})
    return taken


def on(target: "Any", event: str, handler: "Callable[..., Any]", capture: bool = False) -> "Any":
    """Binds ``handler`` (a function or a coroutine function of the event) to ``event`` on
    ``target``; returns the JavaScript listener (kept alive for the page's lifetime). An
    :class:`Element` target's handler gets an :class:`Event`."""
    if isinstance(target, Element):
        return _listen(target.raw, event, handler, capture)
    listener = create_proxy(guarded(handler, event + " handler"))
    target.addEventListener(event, listener, capture)
    return listener


def _listen(target: "Any", event: str, handler: "Callable[..., Any]", capture: bool) -> "Any":
    def call(raw: "Any") -> "Any":
        return handler(Event(raw))

    listener = create_proxy(guarded(call, event + " handler"))
    target.addEventListener(event, listener, capture)
    return listener


def on_window(event: str, handler: "Callable[..., Any]") -> "Any":
    """Binds ``handler`` (given an :class:`Event`) to a window event (``storage``, ``resize``)."""
    return _listen(window, event, handler, False)


def on_document(event: str, handler: "Callable[..., Any]", capture: bool = False) -> "Any":
    return _listen(document, event, handler, capture)


def _create(tag: str, class_name: str = "", text: "str | None" = None) -> "Any":
    element = document.createElement(tag)
    if class_name:
        element.className = class_name
    if text is not None:
        element.textContent = text
    return element


def _svg_element(name: str, attributes: "dict[str, Any]") -> "Any":
    """An SVG element with attributes (the site's CSP allows no inline styles; attributes are
    fine)."""
    element = document.createElementNS("http://www.w3.org/2000/svg", name)
    for key in attributes:
        element.setAttribute(key, str(attributes[key]))
    return element
