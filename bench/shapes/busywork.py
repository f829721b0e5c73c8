# Shared by every shape's Python side (the bench pastes it in where a page file says `# {{BUSY}}`):
# the stand-in for the computer opponent's search, pure Python, bounded by the wall clock.
def busy(ms):
    """Random Zebra playouts for `ms` milliseconds; returns how many were finished."""
    import random
    import time

    import pyengine

    deadline = time.monotonic() + ms / 1000
    rng = random.Random(1)
    playouts = 0
    while time.monotonic() < deadline:
        state = pyengine.new_game("zebra", size=4)
        plies = 0
        while not state.is_terminal() and plies < 200 and time.monotonic() < deadline:
            state.apply(rng.choice(state.legal_actions()))
            plies += 1
        playouts += 1
    return playouts
