"""The page glue: Python that PyScript runs on the page thread (MicroPython), binding the site's
pages to the DOM and to the engine's web worker.

The package keeps two kinds of modules apart:

* **Pure logic** (no browser import; runs under MicroPython on the page and under CPython in
  ``tests/``): ``text`` (translations), ``saved`` (games kept in this browser), ``tryit`` (a rules
  page's "try it" board). These stay in the Python that both interpreters run: no ``typing``
  or ``__future__`` import at run time, no ``{**mapping}`` or ``[*iterable]`` displays, no
  counted repetition (``{m,n}``) in regular expressions; and MicroPython's dicts do not keep
  their insertion order.
* **Browser modules**, the only ones that import ``pyscript``: ``dom`` (the thin layer every
  other module goes through), ``i18n`` (the page's language), and one module per page
  (``home``, ``rules``), each with a ``main()`` that the page's ``<script type="mpy">`` calls.
"""
