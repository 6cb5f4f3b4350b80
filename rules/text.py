"""Messages of the pure rules, translatable without Django.

The rules never import Django, so they cannot translate. They mark their user-facing English
texts with :func:`N_` (``makemessages`` extracts it, see tournament's makemessages command), and
the web layer passes them through ``gettext`` when it shows them, with the parameters filled in
afterwards, so the catalogue holds one entry per message rather than one per value.

A :class:`Message` is such a marked template with its named ``%(x)s`` parameters. A parameter
that is itself a word of the rules (``flowers``, a meld's kind, a fan's name) is a Message too, so
it is translated on its own rather than left in English inside a translated sentence. Errors of
the rules (:class:`MessageError`: ``HandError``, ``TileError``) carry one; ``str()`` of them is the
English text, exactly as the CLI and the engine tests read it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import overload


def N_(message: str) -> str:
    """Mark `message` for translation; return it unchanged."""
    return message


def _same(text: str) -> str:
    return text


class Message:
    """A marked template and its parameters; ``str()`` is the English text.

    ``render(gettext)`` gives it in the active language: the template and every parameter that is
    a Message are passed through ``gettext``, other parameters (numbers, tile notation, what the
    referee typed) are filled in as they are.
    """

    __slots__ = ("params", "template")

    def __init__(self, template: str, /, **params: object):
        self.template = template
        self.params: dict[str, object] = params

    def render(self, translate: Callable[[str], str] = _same) -> str:
        text = translate(self.template)
        if not self.params:
            return text
        return text % {
            name: value.render(translate) if isinstance(value, Message) else value
            for name, value in self.params.items()
        }

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Message({self.template!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.template, self.params) == (other.template, other.params)

    # Equal messages compare by value and their parameters may change: unhashable, like a dict.
    __hash__ = None  # type: ignore[assignment]


@overload
def word(text: str) -> Message: ...
@overload
def word(text: None) -> None: ...
def word(text: str | None) -> Message | None:
    """A word of the rules (already marked with N_ where it is defined) as a translatable parameter."""
    return Message(text) if isinstance(text, str) else text


class MessageError(ValueError):
    """An error whose message is a :class:`Message`: ``.message``, ``.template``, ``.params``.

    Raised as ``SomeError(N_("... %(x)s ..."), x=value)`` or ``SomeError(message)`` with a Message
    (re-raising another error's message unchanged). ``str(exc)`` is the English text.
    """

    def __init__(self, template: str | Message, /, **params: object):
        if isinstance(template, Message):
            message = Message(template.template, **{**template.params, **params})
        else:
            message = Message(str(template), **params)
        self.message = message
        super().__init__(str(message))

    @property
    def template(self) -> str:
        return self.message.template

    @property
    def params(self) -> dict[str, object]:
        return self.message.params


def message_of(exc: BaseException) -> Message:
    """The Message an error of the rules carries; an unexpected error's text as a bare message."""
    message = getattr(exc, "message", None)
    return message if isinstance(message, Message) else Message(str(exc))


__all__ = ["N_", "Message", "MessageError", "message_of", "word"]
