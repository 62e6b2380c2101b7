"""The words of Learn to play (#43): the tutorial's own buttons and refusals, and each
game's bubbles (`tentable/tutorials/<game>.yaml` names them). A bubble about the learner
speaks to "you"; one about a computer seat has its {name} (`Seats.say`)."""

STRINGS: dict[str, str] = {
    "tutorial.learn": "Learn to play",
    "tutorial.back": "Back a step",
    "tutorial.skip": "Skip tutorial",
    "tutorial.go_on": "Go on  (Enter)",
    "tutorial.step": "Lesson {n} of {total}",
    "tutorial.not_now": "You may do that in a real game. Here, try this: {move}.",
    "tutorial.wait": "Wait a moment: it is not your move yet.",
    "tutorial.done_title": "You know enough to play",
    "tutorial.done_body": "That was a whole round. The rules are one key away: F1.",
    "tutorial.play_easy": "Play against Easy",
    "tutorial.rules": "How to play  (F1)",
    "tutorial.menu": "Menu",
    "tutorial.broken": "This tutorial could not be started: {reason}",
    # Take That (tentable/tutorials/takethat.yaml)
    "tutorial.takethat.first.you":
        "Your turn. The row is empty, so any card may start it: drag your 34 to the "
        "middle of the table (or pick it with ← → and press Enter). Then you draw a "
        "card from the pile, back to nine.",
    "tutorial.takethat.near":
        "{name} plays 41 onto the row: a card may follow the last one if it is at "
        "most 10 above or below it (34: from 24 to 44).",
    "tutorial.takethat.twist.you":
        "Your 14 is the twin of the 41 in the row: the same digits, swapped. Drop 14 "
        "on 41 (or pick it and press T) to twist it: both cards go face up in front "
        "of you, +1 each.",
    "tutorial.takethat.play.you":
        "The last card of the row is 39, so you may play a card from 29 to 49. "
        "Play your 45.",
    "tutorial.takethat.toad":
        "{name} plays 55, a toad. The seven toads (22, 33 … 88) have no twin, so "
        "nobody can twist them away, and whoever takes one loses 5 points.",
    "tutorial.takethat.take.you":
        "None of your cards is within 10 of 55, and none is a twin of a card in the "
        "row: take the row (R). Its cards go face down in front of you: −1 each, the "
        "toad −5.",
    "tutorial.takethat.open.you":
        "Whoever takes the row starts a new one at once, with any card. Play your 27.",
    "tutorial.takethat.later":
        "Let us jump ahead: we played on for both of you until the pile was empty. "
        "Now nobody draws, and the round ends as soon as the row is taken or twisted "
        "away.",
    "tutorial.takethat.last.you":
        "The row holds only {twin}, and you hold its twin {card}. Twist it away: the "
        "row is gone, and the round ends.",
    "tutorial.takethat.end":
        "The round is scored: +1 for each card face up in front of you, −1 for each "
        "face down, −5 for a toad face down. Cards left in a hand count nothing.",
    # TEN tiles (tentable/tutorials/tentiles.yaml)
    "tutorial.tentiles.first.you":
        "Your turn. You drew a 3 from your hidden tiles. The first tile goes in the "
        "middle: drop it on the square there (or press Enter).",
    "tutorial.tentiles.edge":
        "{name} places a 2 beside it. Every tile must touch a placed tile along a whole "
        "edge: touching at a corner is not enough.",
    "tutorial.tentiles.line.you":
        "Put your new 3 right next to your first 3, on the square above it. Your tiles "
        "in a straight row make a line: 3 + 3 = 6. A line of yours that adds up to "
        "exactly 10 wins.",
    "tutorial.tentiles.seven.you":
        "Put your 1 above the two 3s: your line adds up to 3 + 3 + 1 = 7. A 3 at its "
        "end would make 10.",
    "tutorial.tentiles.blocked":
        "{name} puts a tile at the end of your line: a line stops at the other player's "
        "tile, so yours cannot grow that way any more. That is blocking.",
    "tutorial.tentiles.anywhere.you":
        "A tile may go on any empty square that touches a tile along an edge. Put your "
        "2 to the right of your middle 3.",
    "tutorial.tentiles.threat":
        "{name}'s row now adds up to 2 + 3 + 3 = 8: a 2 at its open end "
        "would make 10.",
    "tutorial.tentiles.block.you":
        "Block it: put your tile on the open end of that row, to the right of its last "
        "3.",
    "tutorial.tentiles.later":
        "Let us jump ahead: we placed the other tiles for both of you, and nobody made "
        "10. Now phase 2: on your turn you move one of your own tiles to another square.",
    "tutorial.tentiles.win.you":
        "Your row 2, 1, 3, 2, 1 adds up to 9. Lift your lone 1 below it (a tile must be "
        "free to slide out, and all the tiles must stay joined) and put it at the row's "
        "right end: 10, and you win.",
    "tutorial.tentiles.end":
        "A line of your tiles that adds up to exactly 10 wins, while placing or while "
        "moving. A longer line over 10 never wins, even if part of it makes 10.",
}
