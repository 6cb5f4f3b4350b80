"""Every rule set by its code: the one place that knows which rule sets exist.

    from rules.registry import get_rule_set, RULE_SETS
    rules = get_rule_set("spanish", payment_mode="official")
    rules.score_dict({"concealed": "...", "win_tile": "5p"})

The codes are what a tournament stores and what ``python -m rules_cli --rules`` takes.
"""

from __future__ import annotations

from typing import Any

from .base import OptionValue, RuleSet
from .mcr.rule_set import MCRRuleSet
from .spanish.rule_set import SpanishRuleSet
from .swiss_championship.rule_set import SwissChampionshipRuleSet

#: code -> RuleSet subclass; instantiate with the organizer's options. Each reads its own kind of hand
#: (``RuleSet[Any]``): a caller only gives ``score`` what the same rule set's ``parse_hand`` made.
RULE_SETS: dict[str, type[RuleSet[Any]]] = {
    cls.code: cls for cls in (MCRRuleSet, SwissChampionshipRuleSet, SpanishRuleSet)
}


def get_rule_set(code: str, **options: OptionValue) -> RuleSet[Any]:
    """The rule set with that code, configured by ``options`` (see its ``OPTIONS``).

    Raises KeyError naming the known codes for an unknown one, ValueError for a bad option.
    """
    try:
        cls = RULE_SETS[code]
    except KeyError:
        raise KeyError(f"unknown rule set {code!r}; known rule sets are {', '.join(RULE_SETS)}") from None
    return cls(**options)
