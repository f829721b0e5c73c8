"""Elements and events: :class:`Element` and :class:`Event` are the glue's whole vocabulary for
the page's content; no other module reads or writes the DOM."""

from pyscript import document
from pyscript.ffi import create_proxy, to_js

from glue.dom.runtime import guarded, same, window

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

    def tag(self) -> str:
        return str(self.raw.tagName).lower()

    # state
    def hidden(self) -> bool:
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

    def checked(self) -> bool:
        return bool(self.raw.checked)

    def set_checked(self, checked: bool) -> None:
        self.raw.checked = checked

    def set_open(self, opened: bool) -> None:
        """A ``<details>``'s or a ``<dialog>``'s open state."""
        self.raw.open = opened

    def is_open(self) -> bool:
        return bool(self.raw.open)

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

    def replace_children(self, children: "list[Element]") -> None:
        self.raw.replaceChildren(*[child.raw for child in children])

    def put_after(self, other: "Element") -> None:
        """Inserts ``other`` right after this element."""
        self.raw.after(other.raw)

    def remove(self) -> None:
        self.raw.remove()

    def clone(self) -> "Element":
        return Element(self.raw.cloneNode(True))

    def same(self, other: "Element | None") -> bool:
        return other is not None and same(self.raw, other.raw)

    # behaviour and geometry
    def focus(self) -> None:
        self.raw.focus()

    def blur(self) -> None:
        self.raw.blur()

    def click(self) -> None:
        self.raw.click()

    def select_all(self) -> None:
        """Selects a text field's whole text."""
        self.raw.select()

    def has_focus(self) -> bool:
        return same(document.activeElement, self.raw)

    def rect(self) -> "tuple[float, float, float, float]":
        """left, top, width and height on the screen, in CSS pixels."""
        box = self.raw.getBoundingClientRect()
        return (float(box.left), float(box.top), float(box.width), float(box.height))

    def width(self) -> float:
        """The inner width (``clientWidth``)."""
        return float(self.raw.clientWidth)

    def scroll(self) -> "tuple[float, float]":
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
    def target(self) -> "Element | None":
        return wrap(getattr(self.raw, "target", None))

    @property
    def modified(self) -> bool:
        """Ctrl, Alt or Meta (Cmd) held: a browser or system shortcut."""
        raw = self.raw
        return bool(raw.ctrlKey or raw.altKey or raw.metaKey)

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


def wrap(node: "Any") -> "Element | None":
    return None if node is None else Element(node)


def wrap_all(nodes: "Any") -> "list[Element]":
    return [Element(nodes.item(index)) for index in range(nodes.length)]


def body() -> Element:
    return Element(document.body)


def element(element_id: str) -> "Element | None":
    """The element with this id, or None."""
    return wrap(document.getElementById(element_id))


def find(selector: str) -> "Element | None":
    return wrap(document.querySelector(selector))


def find_all(selector: str) -> "list[Element]":
    return wrap_all(document.querySelectorAll(selector))


def make(tag: str, class_name: str = "", text: "str | None" = None) -> Element:
    """A new HTML element, with a class and text."""
    return Element(create(tag, class_name, text))


def focused() -> "Element | None":
    return wrap(document.activeElement)


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


def by_id(element_id: str) -> "Any":
    """The element with this id, or None."""
    return document.getElementById(element_id)


def query(selector: str, root: "Any" = None) -> "Any":
    return (root or document).querySelector(selector)


def query_all(selector: str, root: "Any" = None) -> "list[Any]":
    nodes = (root or document).querySelectorAll(selector)
    return [nodes.item(index) for index in range(nodes.length)]


def create(tag: str, class_name: str = "", text: "str | None" = None) -> "Any":
    element = document.createElement(tag)
    if class_name:
        element.className = class_name
    if text is not None:
        element.textContent = text
    return element


def replace_children(parent: "Any", children: "list[Any]") -> None:
    parent.replaceChildren(*children)


def data(element: "Any", name: str) -> "str | None":
    """``element``'s ``data-<name>`` attribute, or None. (MicroPython's proxies raise
    AttributeError for a missing ``dataset`` entry instead of giving ``undefined``.)"""
    value = element.getAttribute("data-" + name)
    return None if value is None else str(value)


def active_element() -> "Any":
    return document.activeElement


def is_active(element: "Any") -> bool:
    """Whether ``element`` has the keyboard focus."""
    return same(document.activeElement, element)


def svg_element(name: str, attributes: "dict[str, Any]") -> "Any":
    """An SVG element with attributes (the site's CSP allows no inline styles; attributes are
    fine)."""
    element = document.createElementNS("http://www.w3.org/2000/svg", name)
    for key in attributes:
        element.setAttribute(key, str(attributes[key]))
    return element


def set_data(element: "Any", name: str, value: "Any") -> None:
    """Sets ``data-<name>`` (None removes it)."""
    if value is None:
        element.removeAttribute("data-" + name)
    else:
        element.setAttribute("data-" + name, str(value))


def set_tint(element: "Any", seat: "Any") -> None:
    """A seat's colour beyond the ones named per seat: Fight the Virus cycles six colours over
    up to 20 seats (site.css reads data-tint)."""
    set_data(element, "tint", seat % 6 if isinstance(seat, int) and seat is not True else None)
