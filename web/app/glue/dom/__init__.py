"""The glue's one boundary to the browser: the only package that imports ``pyscript`` and
``js``. Every other glue module reaches the page through the names below: elements and events
(:class:`Element`, :class:`Event`), storage, time, timers, marks, fetches and sound;
``tests/test_glue_boundary.py`` fails when another module touches the browser itself.

Handlers bound with :func:`on` never let an exception escape into the browser: an error in the
glue is reported through :func:`report` (a message on the page, a warning in the console), and
the page stays usable.
"""

from glue.dom.elements import (
    Element,
    Event,
    active_element,
    body,
    by_id,
    create,
    data,
    element,
    find,
    find_all,
    focused,
    is_active,
    make,
    on,
    on_document,
    on_window,
    query,
    query_all,
    replace_children,
    set_data,
    set_tint,
    svg_element,
    wrap,
    wrap_all,
)
from glue.dom.runtime import (
    browser_languages,
    can_parse_url,
    document,
    every,
    fetch_json,
    format_date,
    format_iso_date,
    from_js,
    guarded,
    js,
    js_object,
    mark,
    media_matches,
    now_ms,
    on_error,
    page_time_ms,
    plain_js,
    proxy,
    random_bits64,
    report,
    same,
    save_file,
    site_url,
    sleep_ms,
    spawn,
    start,
    test_hooks_wanted,
    url_parameter,
    window,
    working,
)
from glue.dom.sound import (
    audio_ready,
    play_notes,
    unlock_audio,
)
from glue.dom.storage import (
    SafeStorage,
    StorageRefused,
    keep_setting,
    probe_access,
    read_refusable,
    service_workers,
    setting,
    storage,
)
