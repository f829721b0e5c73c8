"""The glue's one boundary to the browser: the only package that imports ``pyscript`` and
``js``. Every other glue module reaches the page through the names below: elements and events
(:class:`Element`, :class:`Event`), storage, time, timers, marks, fetches, workers and sound;
``tests/test_glue_boundary.py`` fails when another module touches the browser itself.

Handlers bound with :meth:`Element.on` (and :func:`on_window`, :func:`on_document`) never let
an exception escape into the browser: an error in the glue is reported (a message on the page,
a warning in the console), and the page stays usable.
"""

from glue.dom.elements import (
    Element,
    Event,
    body,
    css_escape,
    element,
    find,
    find_all,
    focused,
    make,
    make_svg,
    node,
    on_document,
    on_resize,
    on_window,
    root,
    take_early_input,
    until_attr,
)
from glue.dom.runtime import (
    Flag,
    ancestor_origin,
    browser_languages,
    can_parse_url,
    copy_text,
    drop_fragment,
    every,
    expose_test_hooks,
    fetch_counting,
    fetch_entries,
    fetch_json,
    format_date,
    format_iso_date,
    gather,
    go_to,
    guarded,
    is_framed,
    load_extra_glue,
    loaded,
    local_date,
    mark,
    media_matches,
    now_ms,
    on_error,
    page_address,
    page_time_ms,
    post_to_parent,
    random_bits64,
    reachable,
    referrer,
    reload,
    save_file,
    site_url,
    sleep_ms,
    spawn,
    start,
    test_hooks_wanted,
    time_origin_ms,
    url_origin,
    url_parameter,
    warn,
    window_size,
    working,
)
from glue.dom.sound import (
    audio_ready,
    play_notes,
    unlock_audio,
)
from glue.dom.storage import (
    keep_setting,
    setting,
    storage,
)
from glue.dom.worker import (
    Registration,
    ServiceWorkers,
    Worker,
    service_workers,
    worker_message,
)
