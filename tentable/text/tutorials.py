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
    # TEN (tentable/tutorials/ten.yaml)
    "tutorial.ten.first.you":
        "Your turn. Flip the top card of the pile (Flip, or F). The first flip of a turn "
        "is a must; after each one you choose: flip again, or stop.",
    "tutorial.ten.money.you":
        "A 4: your running total is 4. Number cards add to it, money cards take their "
        "money off it; go over 10 and you bust. Flip once more.",
    "tutorial.ten.stop_money.you":
        "A money card, 3: your total is 4 − 3 = 1. Stop and take the money (Take money, "
        "or M): 3 money tokens are yours, and the 4 goes to the market, to be bought.",
    "tutorial.ten.bust":
        "{name} flipped 6, money 2 and 8: 6 − 2 + 8 = 12, over 10. {name} busts: a bust "
        "token (it pays 3), the numbers go to the market, and you get the 2 money showing. "
        "Nobody holds more than 10 money tokens.",
    "tutorial.ten.joker.you":
        "Your turn again: flip.",
    "tutorial.ten.robin_bids":
        "A joker: the orange one counts as any orange number at the end. A joker is "
        "auctioned: the bidding goes once around the table from your left, and you, who "
        "flipped it, bid last. {name} bids 1.",
    "tutorial.ten.bid.you":
        "Bid 2 (+1 and Bid, or type 2 and press Enter): more than the 1 bid so far, so "
        "the joker is yours.",
    "tutorial.ten.pay.you":
        "You won the joker for 2; go on, then pay. The tray holds 2 money tokens: press Pay "
        "(or Enter). A bust token pays 3 and a card of your collection 1, with no change.",
    "tutorial.ten.go_on.you":
        "After the auction your turn goes on: flip again.",
    "tutorial.ten.stop_numbers.you":
        "A 5: a good moment to stop. Take the numbers (Take numbers, or N): they join your "
        "collection, and the others get the money showing (none now). Then you may buy.",
    "tutorial.ten.buy.you":
        "Buy one card from the market; it costs its number. Click the orange 4 (or pick "
        "it with ← → and press Enter), then Pay: 4, 5 and the orange joker make a run.",
    "tutorial.ten.later":
        "Let us jump ahead: we played on for both of you until you flipped the last card. "
        "Now the final round: everybody may buy one more card, {name} first, you last.",
    "tutorial.ten.last.you":
        "Your purple cards are 1 and 3, and a joker counts as 4. Buy the purple 2 for 2: "
        "1, 2, 3, 4 is a run of four.",
    "tutorial.ten.done_body":
        "That was a whole game, from the first flip to the runs. The rules are one key "
        "away: F1.",
    "tutorial.ten.end":
        "Each colour scores its longest run of numbers in a row, jokers filling gaps; a "
        "whole 1 to 9 scores 10. The highest total wins.",
    # 10 - Special Retro Edition (tentable/tutorials/retro10.yaml)
    "tutorial.retro10.place.you":
        "Each round everybody lays one card: get as close to 10 as you can without going "
        "over. Drag your 3 to your place (or pick it with ← → and press D), choose Face "
        "down and 1 chip, then Place: hidden, and protected by a chip.",
    "tutorial.retro10.shown":
        "{name} lays a 9 face up, protected by 1 chip. A card without chips can be "
        "swapped for 1 chip; a protected one must be bid for, at least as many chips as "
        "lie on it.",
    "tutorial.retro10.bid.you":
        "Bid 1 chip for the 9 (click it, then Bid; or → and Enter). The chip goes to its "
        "owner and the cards change places, each with its side up: your hidden 3 goes "
        "across.",
    "tutorial.retro10.protect.you":
        "After a swap you may add chips to your card, up to 2, never fewer. Your chip "
        "came along onto the 9: add a second (Protect 2, or press 2), so 1 chip cannot "
        "take it.",
    "tutorial.retro10.pot":
        "{name} keeps the chip as it is and does not bid for your 9. Now every protection "
        "chip goes to the pot, for the winner of the round.",
    "tutorial.retro10.add.you":
        "Your card is face up, so you may add a second one face up, if the two make at most "
        "10. Add your 1 (drag it to your 9, or pick it and press Enter): 9 + 1 = 10.",
    "tutorial.retro10.showdown":
        "{name} turned the 3 up and added a 5: 8. The showdown: the highest total up to 10 "
        "wins the pot; the lowest loses and takes every card played and the round card: "
        "penalty points.",
    "tutorial.retro10.start.you":
        "You won the round, so you choose who starts the next one: choose {other} (click "
        "the name twice, or → and Enter).",
    "tutorial.retro10.later":
        "Let us jump ahead: we played the other nine rounds for both of you. After the "
        "tenth, the cards left in your hand count too.",
    "tutorial.retro10.done_body":
        "That was a whole game: one round step by step, nine more at a jump. The rules are "
        "one key away: F1.",
    "tutorial.retro10.end":
        "Penalty points: 1 for each card taken, a penalty card its value + 2, a joker 10, "
        "a round card its number; each chip left takes 2 off. The lowest score wins.",
    # Elfer raus! (tentable/tutorials/elfer.yaml)
    "tutorial.elfer.first.you":
        "Your turn. The four 11s lie in the middle, one row per colour, and each row grows "
        "from its 11 one number at a time. Drag your red 10 beside the red 11 (or pick it "
        "with ← → and press Enter).",
    "tutorial.elfer.more.you":
        "You may play up to four cards in one turn. Your red 9 fits beside your red 10 "
        "now: play it too.",
    "tutorial.elfer.end_turn.you":
        "Fewer than four cards is fine: end your turn now (E).",
    "tutorial.elfer.nothing_fits":
        "{name} has no card that fits beside a card on the table, so {name} draws the "
        "top card of the pile. Drawing is a whole turn.",
    "tutorial.elfer.bridge.you":
        "Your connection cards start a new group of cards away from the 11. Lay one from "
        "your red 9 to the yellow 9 in the row below: drag it there, or press B.",
    "tutorial.elfer.joker.you":
        "The yellow 9 must follow at once. You have none, but a joker stands for any "
        "card: put your joker on the yellow 9.",
    "tutorial.elfer.island.you":
        "Your joker is the yellow 9 now, and the yellow row may grow from it both ways, "
        "up to the 11 and down to the 1. End your turn (E).",
    "tutorial.elfer.later":
        "Let us jump ahead: we played on for both of you. The red row runs from 2 to 11, "
        "and you have one card left, the blue 4.",
    "tutorial.elfer.draw.you":
        "Your blue 4 fits nowhere: there is no blue 5 yet. Draw a card from the pile "
        "(D); that is your whole turn.",
    "tutorial.elfer.room":
        "{name} plays the blue 5 and ends the turn: now there is room for your blue 4.",
    "tutorial.elfer.bonus.you":
        "You drew the red 1, the last gap from red 1 to 10. Whoever completes a half-row, "
        "1 to 10 or 12 to 21, takes a bonus card: +11 points. Play it.",
    "tutorial.elfer.last.you":
        "Now your last card: put the blue 4 beside the blue 5. Whoever has no cards left "
        "ends the game.",
    "tutorial.elfer.end":
        "The game ends when someone has played their last card. Each bonus card scores "
        "+11; each card left in a hand costs its number, a joker 11. Connection cards "
        "count nothing.",
}
