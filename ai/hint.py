"""Hints for a human player: the top level's decision for a seat, with a reason in numbers.

    from ai.hint import best_decision
    decision, reason = best_decision(game.view(seat), game.events_for(seat), seed=7)
    # reason: "Replace your 2nd card (a 9) and Cal's 4th card (a 9) with the =: your team's
    # total drops by about 14."

The hint is what the top level (`ai.LEVELS[-1]`, the game's trailblazer, with its search at
every decision) would decide in the seat's place, from the seat's view and the events the
seat was shown (never a hidden card: every event is filtered for the seat again here, so
passing unfiltered events cannot leak a value). It is reproducible: the same view, events
and seed give the same hint. Where the search overruled what the counting alone prefers, the
sentence says so, with what the search found. `names` (optional, one per
seat) names the other campers in the sentence; without it they are "seat 2" and so on.
The reason quotes the belief the decision came from: cards by owner and place ("your 2nd
card (a 9)", "Cal's 4th card (face down)"), the points the move is expected to save, and,
where a figure rests on a face-down card, that its value is a guess from counting.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules import (
    DRAWN,
    EQ,
    START,
    TWELVE,
    Act,
    Decision,
    Discard,
    Draw,
    Event,
    Keep,
    Replace,
    Scram,
    Swap,
    Take,
    for_seat,
    label,
)

from . import policy
from .belief import Know, score_of
from .bots import LEVEL_PARAMS, LEVELS
from .roster import make_bot

__all__ = ["best_decision", "explain"]


def best_decision(
    view,
    events_seen: Sequence[Event],
    seed: int = 0,
    names: Sequence[str] | None = None,
    knobs: dict | None = None,
) -> tuple[Decision, str]:
    """The top level's decision for `view.seat` and one sentence with numbers saying why.

    `view` is `game.view(seat)` with `seat` to move (phases start, drawn or twelve);
    `events_seen` the seat's events of the game so far (`game.events_for(seat)`), from which
    the bot rebuilds what it saw; `knobs` change the top level's for a measurement or a test.
    Raises ValueError when the seat has no decision to take.
    """
    seat = view.seat
    if seat is None or view.turn != seat or view.phase not in (START, DRAWN, TWELVE):
        raise ValueError("a hint needs the view of the camper whose turn it is")
    bot = make_bot(LEVELS[-1], seat, view.campers, seed, knobs)
    bot.observe([for_seat(e, seat) for e in events_seen])
    decision = bot.decide(view)
    chance = bot.scram_log[-1][1] if type(decision) is Scram and bot.scram_log else None
    k = bot.know(view)
    said = explain(k, decision, names, chance)
    overruled = getattr(bot, "overruled", None)
    if overruled is None or type(decision) is Scram:
        return decision, said
    (quick, _), lead, tables = overruled
    headline = said.split(": ", 1)[0]
    if view.round == view.rounds:
        # The last round's search judges the games it leaves (the margin squashed so that a
        # close game weighs most, `Params.game_scale`), not points: no figure to give.
        better = "leaves your team better placed to win the game"
    else:
        by = f"about {lead:.1f} points" if lead >= 0.05 else "a little"
        better = f"comes out {by} better for your team"
    return decision, (
        f"{headline}: played out on {tables} tables guessed from what you have seen, it {better} "
        f"than {_doing(k, quick, names)}, which counting alone prefers."
    )


def _doing(k: Know, d: Decision, names: Sequence[str] | None) -> str:
    """What a decision does, as a clause after "than": "drawing", "taking the 4"."""
    held = k.view.drawn
    kind = type(d)
    if kind is Draw:
        return "drawing"
    if kind is Take:
        return f"taking the {label(k.view.discard[-1])}"
    if kind is Replace:
        return f"replacing {_names_list([_card(k, t, names) for t in d.cards])} with the {label(held)}"
    if kind is Discard:
        return f"throwing the {label(held)} away"
    if kind is Act and held == 13:
        return "giving the 13 away" if d.seat != k.seat else "keeping the 13"
    if kind is Act:
        cards = [_card(k, t, names) for t in d.targets]
        return f"playing the {label(held)} on {_names_list(cards)}" if cards else f"playing the {label(held)}"
    return "the count's choice"


# ---- the sentence ---------------------------------------------------------------------
def _who(k: Know, seat: int, names: Sequence[str] | None) -> str:
    if seat == k.seat:
        return "your"
    name = names[seat] if names is not None and seat < len(names) else f"seat {seat}"
    return f"{name}'s"


def _ordinal(n: int) -> str:
    tail = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{tail}"


def _a(value: int) -> str:
    """A card with its article, as the table says it: "a 7", "an 8", "an ="."""
    return f"{'an' if label(value) in ('8', '11', '=') else 'a'} {label(value)}"


def _card(k: Know, t: tuple, names: Sequence[str] | None) -> str:
    """'your 3rd card (a 9)', "Cal's 2nd card (face down)", 'the deck top': the owner and
    the place counted from the left, as the table's log names cards."""
    if t[0] == "deck":
        v = k.deck.get(t[1])
        where = "the deck top" if t[1] == 0 else "the deck's second card"
        return where if v is None else f"{where} ({_a(v)})"
    s, i = t
    v = k.vals[s][i]
    what = "face down" if v is None else _a(v)
    return f"{_who(k, s, names)} {_ordinal(i + 1)} card ({what})"


def _guess(k: Know, targets) -> str:
    """What a figure built on cards the seat never saw is: " (a guess: the face-down card
    counts as about 6, from the cards seen so far)", or "" when every card is known."""
    guesses = [round(k.est[t[0]][t[1]]) for t in targets if t[0] != "deck" and k.vals[t[0]][t[1]] is None]
    if not guesses:
        return ""
    if len(guesses) == 1:
        return f" (a guess: the face-down card counts as about {guesses[0]}, from the cards seen so far)"
    if len(set(guesses)) == 1:
        each = f"about {guesses[0]} each"
    else:
        each = "about " + _names_list([str(g) for g in guesses])
    return f" (a guess: the face-down cards count as {each}, from the cards seen so far)"


def _est(k: Know, t: tuple) -> float:
    if t[0] == "deck":
        v = k.deck.get(t[1])
        return 6.5 if v is None else score_of(v, 3.0)
    return k.est[t[0]][t[1]]


def _names_list(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _replace(k: Know, d: Replace, held: int, names) -> str:
    me = k.seat
    cards = [_card(k, t, names) for t in d.cards]
    known = all(k.vals[s][i] is not None for s, i in d.cards)
    gain = sum(k.est[s][i] for s, i in d.cards) - score_of(held, k.lows[me])
    text = f"Replace {_names_list(cards)} with the {label(held)}"
    drop = f"your team's total drops by about {gain:.0f}{_guess(k, d.cards)}"
    if len(d.cards) > 1 and not known:
        return f"{text}: a gamble that they match; if they do {drop}."
    if gain >= 0.5:
        return f"{text}: {drop}."
    level = f"it keeps your total about level ({gain:+.0f}) and you learn where the card is"
    return f"{text}: {level}{_guess(k, d.cards)}."


def _start(k: Know, d: Decision, names, chance: float | None) -> str:
    view = k.view
    worth, _ = policy.draw_responses(k, k_params())
    if type(d) is Scram:
        us, them = k.team_sum(k.mates), k.team_sum(k.opps)
        ours, theirs = policy.final_turns(k)
        odds = f"; it succeeds about {100 * chance:.0f}% of the time" if chance is not None else ""
        usual = LEVEL_PARAMS[LEVELS[-1]].at_table(view.campers).scram_p_min
        if chance is not None and view.round == view.rounds and chance < usual:
            # The top level declared on the game's outcome, not on the chance (`game_scale`).
            odds += ": in the game's last round, the better bet to win the game"
        return (
            f"Declare Scram: your team's cards add up to about {us:.0f} against about {them:.0f} "
            f"for the other team, which has {theirs} final turn{'s' * (theirs != 1)} to catch up "
            f"(a failed Scram records your total + 10{odds})."
        )
    top = view.discard[-1] if view.discard else None
    opts = policy.replacement_options(k, top, k_params()) if top is not None and k.vals[k.seat] else []
    gain = max((o[0] for o in opts), default=None)
    if type(d) is Take and gain is not None:
        best = max(opts, key=lambda o: o[0])[1]
        why = _replace(k, best, top, names)[:-1].split(": ", 1)[-1]
        return f"Take the {label(top)} for {_names_list([_card(k, t, names) for t in best.cards])}: {why}."
    if gain is None or top is None:
        return f"Draw: on average a card from the deck {_change(worth)}."
    return (
        f"Draw: on average a card from the deck {_change(worth)}; "
        f"taking the {label(top)} from the discard pile {_change(gain, 'would ')}."
    )


def _change(gain: float, mood: str = "") -> str:
    """An expected gain in points as a change of the team's total, in words."""
    if gain >= 0.5:
        return f"{mood}lower{'s' * (not mood)} your team's total by about {gain:.0f}"
    if gain <= -0.5:
        return f"{mood}raise{'s' * (not mood)} your team's total by about {-gain:.0f}"
    return f"{mood}change{'s' * (not mood)} your team's total very little"


def k_params():
    return LEVEL_PARAMS[LEVELS[-1]]


def _act(k: Know, d: Act, held: int, names) -> str:
    if held == 13:
        who = _who(k, d.seat, names)[:-2] if d.seat != k.seat else "yourself"
        return f"Give the 13 to {who}: their total rises by 13 and they are further from a Scram."
    cards = [_card(k, t, names) for t in d.targets]
    if held in (5, 6):
        return f"Look at {_names_list(cards)}: knowing a card lets you replace the right one later."
    if held in (7, 8):
        it = "them" if len(cards) > 1 else "it"
        return f"Flip {_names_list(cards)}: everyone sees {it}, and your team can match {it}."
    if held in (9, 10):
        ours = [t for t in d.targets if t[0] != "deck"]
        gain = sum(_est(k, t) for t in ours) - (9 if held == 9 else 0)
        extra = " (the 9 then joins your campsite)" if held == 9 else ""
        guess = _guess(k, ours)
        return f"Discard {_names_list(cards)}{extra}: your team's total drops by about {gain:.0f}{guess}."
    if held == 11 and len(d.targets) == 2:
        a, b = d.targets
        gain = _est(k, a) - _est(k, b)
        drop = f"your team's total drops by about {abs(gain):.0f}{_guess(k, d.targets)}"
        return f"Exchange {cards[0]} with {cards[1]}: {drop}."
    if held == 12 and d.targets:
        return f"Look at {_names_list(cards)}, then swap them if yours is the higher card."
    return f"Play the {label(held)} for its action."


def _twelve(k: Know, d: Decision, names) -> str:
    a, b = k.view.twelve

    def seen(t: tuple) -> int | None:  # both were just viewed: the view shows them
        return k.view.deck_known.get(t[1]) if t[0] == "deck" else k.view.campsites[t[0]][t[1]][0]

    va, vb = seen(a), seen(b)
    ca = _card(k, a, names) if a[0] != "deck" else f"the deck card ({_a(va)})"
    cb = _card(k, b, names) if b[0] != "deck" else f"the deck card ({_a(vb)})"
    if type(d) is Swap:
        diff = abs((va or 0) - (vb or 0)) if EQ not in (va, vb) else None
        drop = f": your team's total drops by {diff}" if diff else ""
        return f"Swap {ca} and {cb}{drop}."
    return f"Keep both where they are: swapping {ca} and {cb} would not help your team."


def _highest(k: Know) -> str:
    """The seat's highest card as it knows it: "your highest card is a 9", or a guess."""
    own = k.est[k.seat]
    if not own:
        return "your campsite is empty"
    i = max(range(len(own)), key=lambda j: own[j])
    v = k.vals[k.seat][i]
    if v is not None:
        return f"your highest card is your {_ordinal(i + 1)} card, {_a(v)}"
    return f"your highest card, face down, is about {own[i]:.0f}: a guess from the cards seen so far"


def explain(k: Know, d: Decision, names: Sequence[str] | None = None, chance: float | None = None) -> str:
    """One sentence with numbers saying why `d` is good, from the belief `k` it came from
    (`chance`: a Scram's calibrated chance of success, if known)."""
    view = k.view
    held = view.drawn
    kind = type(d)
    if kind in (Draw, Take, Scram):
        return _start(k, d, names, chance)
    if kind is Replace:
        return _replace(k, d, held, names)
    if kind is Discard:
        return f"Throw the {label(held)} away: it would not lower your total ({_highest(k)})."
    if kind is Act:
        return _act(k, d, held, names)
    if kind in (Swap, Keep):
        return _twelve(k, d, names)
    return "The top level's choice."
