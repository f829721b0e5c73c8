"""``python -m pyengine``: the command line (see :mod:`pyengine.cli`)."""

import os
import sys

from pyengine.cli import main

try:
    status = main()
    sys.stdout.flush()
except BrokenPipeError:  # output piped into `head` and the like: stop quietly
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    status = 0
sys.exit(status)
