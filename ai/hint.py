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

from game.lang import _, ngettext, pgettext
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
    (quick, _x), lead, tables = overruled
    headline = said.split(": ", 1)[0].rstrip("\u00a0 ")  # (French puts a space before the colon)
    doing = _doing(k, quick, names)
    if view.round == view.rounds:
        # The last round's search judges the games it leaves (the margin squashed so that a
        # close game weighs most, `Params.game_scale`), not points: no figure to give.
        return decision, _(
            "{headline}: played out on {tables} tables guessed from what you have seen, it leaves your "
            "team better placed to win the game than {doing}, which counting alone prefers.",
            headline=headline,
            tables=tables,
            doing=doing,
        )
    if lead >= 0.05:
        return decision, _(
            "{headline}: played out on {tables} tables guessed from what you have seen, it comes out "
            "about {lead} points better for your team than {doing}, which counting alone prefers.",
            headline=headline,
            tables=tables,
            lead=num(lead, ".1f"),
            doing=doing,
        )
    return decision, _(
        "{headline}: played out on {tables} tables guessed from what you have seen, it comes out "
        "a little better for your team than {doing}, which counting alone prefers.",
        headline=headline,
        tables=tables,
        doing=doing,
    )


def num(x: float, how: str = ".0f") -> str:
    """A figure as the sentence writes it ("9", "2.0", "+3")."""
    return format(x, how)


def _doing(k: Know, d: Decision, names: Sequence[str] | None) -> str:
    """What a decision does, as a clause after "than": "drawing", "taking the 4"."""
    held = k.view.drawn
    kind = type(d)
    if kind is Draw:
        return _("drawing")
    if kind is Take:
        return _("taking the {card}", card=label(k.view.discard[-1]))
    if kind is Replace:
        cards = _names_list([_card(k, t, names) for t in d.cards])
        return _("replacing {cards} with the {card}", cards=cards, card=label(held))
    if kind is Discard:
        return _("throwing the {card} away", card=label(held))
    if kind is Act and held == 13:
        return _("giving the 13 away") if d.seat != k.seat else _("keeping the 13")
    if kind is Act:
        cards = [_card(k, t, names) for t in d.targets]
        if cards:
            return _("playing the {card} on {cards}", card=label(held), cards=_names_list(cards))
        return _("playing the {card}", card=label(held))
    return _("the count's choice")


# ---- the sentence ---------------------------------------------------------------------
# Said in the player's language (game.lang; the table's words for cards and places, the
# same msgids as the log's), so a hint reads as the table does.
def _name(seat: int, names: Sequence[str] | None) -> str:
    return names[seat] if names is not None and seat < len(names) else _("seat {n}", n=seat)


def _ordinal(n: int) -> str:
    if n == 1:
        return pgettext("the place of a card in a campsite", "1st")
    tail = n % 10
    if 10 <= n % 100 <= 20 or tail not in (1, 2, 3):
        return pgettext("the place of a card in a campsite", "{n}th", n=n)
    if tail == 1:
        return pgettext("the place of a card in a campsite", "{n}st", n=n)
    if tail == 2:
        return pgettext("the place of a card in a campsite", "{n}nd", n=n)
    return pgettext("the place of a card in a campsite", "{n}rd", n=n)


def _a(value: int) -> str:
    """A card with its article, as the table says it: "a 7", "an 8", "an ="."""
    if label(value) in ("8", "11", "="):
        return pgettext("a card's value with its article", "an {card}", card=label(value))
    return pgettext("a card's value with its article", "a {card}", card=label(value))


def _card(k: Know, t: tuple, names: Sequence[str] | None) -> str:
    """'your 3rd card (a 9)', "Cal's 2nd card (face down)", 'the deck top': the owner and
    the place counted from the left, as the table's log names cards."""
    if t[0] == "deck":
        v = k.deck.get(t[1])
        if t[1] == 0:
            where = pgettext("a card by its place", "the deck top")
        else:
            where = pgettext("a card by its place", "the deck's second card")
        return (
            where
            if v is None
            else pgettext("a card by its place, and what it is", "{card} ({value})", card=where, value=_a(v))
        )
    s, i = t
    v = k.vals[s][i]
    what = pgettext("a card in a hint", "face down") if v is None else _a(v)
    if s == k.seat:
        where = pgettext("a card by its place", "your {nth} card", nth=_ordinal(i + 1))
    else:
        where = pgettext(
            "a card by its place", "{name}'s {nth} card", name=_name(s, names), nth=_ordinal(i + 1)
        )
    return pgettext("a card by its place, and what it is", "{card} ({value})", card=where, value=what)


def _guess(k: Know, targets) -> str:
    """What a figure built on cards the seat never saw is: " (a guess: the face-down card
    counts as about 6, from the cards seen so far)", or "" when every card is known."""
    guesses = [round(k.est[t[0]][t[1]]) for t in targets if t[0] != "deck" and k.vals[t[0]][t[1]] is None]
    if not guesses:
        return ""
    if len(guesses) == 1:
        return _(
            " (a guess: the face-down card counts as about {n}, from the cards seen so far)", n=guesses[0]
        )
    if len(set(guesses)) == 1:
        return _(
            " (a guess: the face-down cards count as about {n} each, from the cards seen so far)",
            n=guesses[0],
        )
    each = _names_list([str(g) for g in guesses])
    return _(
        " (a guess: the face-down cards count as about {values}, from the cards seen so far)", values=each
    )


def _est(k: Know, t: tuple) -> float:
    if t[0] == "deck":
        v = k.deck.get(t[1])
        return 6.5 if v is None else score_of(v, 3.0)
    return k.est[t[0]][t[1]]


def _names_list(parts: list[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    first = parts[0]
    for part in parts[1:-1]:
        first = pgettext("a list", "{items}, {item}", items=first, item=part)
    return pgettext("a list", "{first} and {last}", first=first, last=parts[-1])


def _replace_why(k: Know, d: Replace, held: int) -> str:
    """Why a replacement is good, a clause: "your team's total drops by about 6"."""
    me = k.seat
    known = all(k.vals[s][i] is not None for s, i in d.cards)
    gain = sum(k.est[s][i] for s, i in d.cards) - score_of(held, k.lows[me])
    guess = _guess(k, d.cards)
    if len(d.cards) > 1 and not known:
        return _(
            "a gamble that they match; if they do your team's total drops by about {gain}{guess}",
            gain=num(gain),
            guess=guess,
        )
    if gain >= 0.5:
        return _("your team's total drops by about {gain}{guess}", gain=num(gain), guess=guess)
    return _(
        "it keeps your total about level ({gain}) and you learn where the card is{guess}",
        gain=num(gain, "+.0f"),
        guess=guess,
    )


def _replace(k: Know, d: Replace, held: int, names) -> str:
    cards = _names_list([_card(k, t, names) for t in d.cards])
    why = _replace_why(k, d, held)
    return _("Replace {cards} with the {card}: {why}.", cards=cards, card=label(held), why=why)


def _start(k: Know, d: Decision, names, chance: float | None) -> str:
    view = k.view
    worth, _w = policy.draw_responses(k, k_params())
    if type(d) is Scram:
        return _scram(k, chance)
    top = view.discard[-1] if view.discard else None
    opts = policy.replacement_options(k, top, k_params()) if top is not None and k.vals[k.seat] else []
    gain = max((o[0] for o in opts), default=None)
    if type(d) is Take and gain is not None:
        best = max(opts, key=lambda o: o[0])[1]
        cards = _names_list([_card(k, t, names) for t in best.cards])
        return _(
            "Take the {card} for {cards}: {why}.",
            card=label(top),
            cards=cards,
            why=_replace_why(k, best, top),
        )
    if gain is None or top is None:
        return _("Draw: on average a card from the deck {change}.", change=_change(worth))
    return _(
        "Draw: on average a card from the deck {change}; taking the {card} from the discard pile {would}.",
        change=_change(worth),
        card=label(top),
        would=_change(gain, would=True),
    )


def _scram(k: Know, chance: float | None) -> str:
    view = k.view
    us, them = k.team_sum(k.mates), k.team_sum(k.opps)
    ours, theirs = policy.final_turns(k)
    odds = (
        _("; it succeeds about {percent} of the time", percent=num(100 * chance) + "%")
        if chance is not None
        else ""
    )
    usual = LEVEL_PARAMS[LEVELS[-1]].at_table(view.campers).scram_p_min
    if chance is not None and view.round == view.rounds and chance < usual:
        # The top level declared on the game's outcome, not on the chance (`game_scale`).
        odds += _(": in the game's last round, the better bet to win the game")
    return ngettext(
        "Declare Scram: your team's cards add up to about {us} against about {them} for the other team, "
        "which has {n} final turn to catch up (a failed Scram records your total + 10{odds}).",
        "Declare Scram: your team's cards add up to about {us} against about {them} for the other team, "
        "which has {n} final turns to catch up (a failed Scram records your total + 10{odds}).",
        theirs,
        us=num(us),
        them=num(them),
        odds=odds,
    )


def _change(gain: float, would: bool = False) -> str:
    """An expected gain in points as a change of the team's total, in words."""
    if gain >= 0.5:
        if would:
            return _("would lower your team's total by about {n}", n=num(gain))
        return _("lowers your team's total by about {n}", n=num(gain))
    if gain <= -0.5:
        if would:
            return _("would raise your team's total by about {n}", n=num(-gain))
        return _("raises your team's total by about {n}", n=num(-gain))
    return (
        _("would change your team's total very little")
        if would
        else _("changes your team's total very little")
    )


def k_params():
    return LEVEL_PARAMS[LEVELS[-1]]


def _act(k: Know, d: Act, held: int, names) -> str:
    if held == 13:
        if d.seat == k.seat:
            return _("Give the 13 to yourself: their total rises by 13 and they are further from a Scram.")
        return _(
            "Give the 13 to {name}: their total rises by 13 and they are further from a Scram.",
            name=_name(d.seat, names),
        )
    cards = [_card(k, t, names) for t in d.targets]
    listed = _names_list(cards) if cards else ""
    if held in (5, 6):
        return _("Look at {cards}: knowing a card lets you replace the right one later.", cards=listed)
    if held in (7, 8):
        if len(cards) > 1:
            return _("Flip {cards}: everyone sees them, and your team can match them.", cards=listed)
        return _("Flip {cards}: everyone sees it, and your team can match it.", cards=listed)
    if held in (9, 10):
        ours = [t for t in d.targets if t[0] != "deck"]
        gain, guess = num(sum(_est(k, t) for t in ours) - (9 if held == 9 else 0)), _guess(k, ours)
        if held == 9:
            return _(
                "Discard {cards} (the 9 then joins your campsite): "
                "your team's total drops by about {gain}{guess}.",
                cards=listed,
                gain=gain,
                guess=guess,
            )
        return _(
            "Discard {cards}: your team's total drops by about {gain}{guess}.",
            cards=listed,
            gain=gain,
            guess=guess,
        )
    if held == 11 and len(d.targets) == 2:
        a, b = d.targets
        gain = num(abs(_est(k, a) - _est(k, b)))
        return _(
            "Exchange {first} with {second}: your team's total drops by about {gain}{guess}.",
            first=cards[0],
            second=cards[1],
            gain=gain,
            guess=_guess(k, d.targets),
        )
    if held == 12 and d.targets:
        return _("Look at {cards}, then swap them if yours is the higher card.", cards=listed)
    return _("Play the {card} for its action.", card=label(held))


def _twelve(k: Know, d: Decision, names) -> str:
    a, b = k.view.twelve

    def seen(t: tuple) -> int | None:  # both were just viewed: the view shows them
        return k.view.deck_known.get(t[1]) if t[0] == "deck" else k.view.campsites[t[0]][t[1]][0]

    va, vb = seen(a), seen(b)
    ca = _card(k, a, names) if a[0] != "deck" else _("the deck card ({card})", card=_a(va))
    cb = _card(k, b, names) if b[0] != "deck" else _("the deck card ({card})", card=_a(vb))
    if type(d) is Swap:
        diff = abs((va or 0) - (vb or 0)) if EQ not in (va, vb) else None
        if diff:
            return _(
                "Swap {first} and {second}: your team's total drops by {n}.", first=ca, second=cb, n=diff
            )
        return _("Swap {first} and {second}.", first=ca, second=cb)
    return _(
        "Keep both where they are: swapping {first} and {second} would not help your team.",
        first=ca,
        second=cb,
    )


def _highest(k: Know) -> str:
    """The seat's highest card as it knows it: "your highest card is a 9", or a guess."""
    own = k.est[k.seat]
    if not own:
        return _("your campsite is empty")
    i = max(range(len(own)), key=lambda j: own[j])
    v = k.vals[k.seat][i]
    if v is not None:
        return _("your highest card is your {nth} card, {card}", nth=_ordinal(i + 1), card=_a(v))
    return _("your highest card, face down, is about {n}: a guess from the cards seen so far", n=num(own[i]))


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
        return _(
            "Throw the {card} away: it would not lower your total ({highest}).",
            card=label(held),
            highest=_highest(k),
        )
    if kind is Act:
        return _act(k, d, held, names)
    if kind in (Swap, Keep):
        return _twelve(k, d, names)
    return _("The top level's choice.")
