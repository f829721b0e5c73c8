"""The page glue: Python that PyScript runs on the page thread (MicroPython), binding the site's
pages to the DOM and to the engine's web worker (docs/ARCHITECTURE.md, "The map").

The package keeps two kinds of modules apart:

* **Pure logic** (no browser import; runs under MicroPython on the page and under CPython in
  ``tests/``): ``text``, ``saved``, ``views``, ``share``, ``seat_choices``, ``score_table``,
  ``embed_settings``, ``progress``, ``program``, ``shapes``, ``tryit``, ``urlform``. These stay in the Python
  that both interpreters run: no ``typing`` or ``__future__`` import at run time, no
  ``{**mapping}`` or ``[*iterable]`` displays, no counted repetition (``{m,n}``) in regular
  expressions, no ``str.removeprefix``; and MicroPython's dicts do not keep their insertion
  order.
* **Browser modules**: ``dom`` (the thin layer every other module goes through, and the only
  one that imports ``js`` and ``pyscript``), ``i18n`` (the page's language), the game page's
  parts (``game`` and the modules it names), and one module per page (``home``, ``rules``,
  ``poster``, ``game``), each with a ``main()`` that the page's ``<script type="mpy">`` calls.

The build ships the package as MicroPython bytecode in two bundles (web/tools/glue_bundle.py):
what the play pages (game pages, the blog's poster) can import, and the modules only the other
pages (home, rules, lessons, puzzles, docs) use. A game page's module never imports another
page's module.
"""
