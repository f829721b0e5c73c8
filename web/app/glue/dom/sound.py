"""Short tones synthesised with Web Audio."""

from glue.dom.runtime import window

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


# The page's Web Audio context, made during the person's first gesture (browsers start one
# made earlier suspended, with a console warning).
_audio: "list[Any]" = []


def audio_ready() -> bool:
    """Whether sounds can play: a context was made during a gesture (see :func:`unlock_audio`)."""
    return bool(_audio) and _audio[0] is not None


def unlock_audio() -> None:
    """Makes the Web Audio context, in a click's or a key's handler (once)."""
    if _audio:
        return
    maker = getattr(window, "AudioContext", None)
    _audio.append(maker.new() if maker is not None else None)


def play_notes(notes: "list[tuple[float, float, float, str, float]]") -> None:
    """Short tones synthesised with Web Audio, no sound file: ``(frequency Hz, start s,
    duration s, wave, peak gain)`` each, shaped so that they neither click nor ring on."""
    context = _audio[0] if _audio else None
    if context is None:
        return
    if str(context.state) == "suspended":
        context.resume()
    now = float(context.currentTime) + 0.01
    for frequency, start, duration, wave, gain in notes:
        oscillator = context.createOscillator()
        oscillator.type = wave
        oscillator.frequency.value = frequency
        envelope = context.createGain()
        level = envelope.gain
        level.setValueAtTime(0.0001, now + start)
        level.exponentialRampToValueAtTime(gain, now + start + 0.012)
        level.exponentialRampToValueAtTime(0.0001, now + start + duration)
        oscillator.connect(envelope)
        envelope.connect(context.destination)
        oscillator.start(now + start)
        oscillator.stop(now + start + duration + 0.02)
