"""Refusals (`engine.errors.IllegalAction`): one sentence for each thing the rules do not
allow now, for the command line, where {card}, {move} and {seat} are written as the
notation has them, and for the table, where the game's narration words them ("red 16",
"take the numbers", "Ben")."""

STRINGS: dict[str, str] = {
    "refuse.not_text": "An action is a text like {example}, not {kind}.",
    "refuse.over": "The game is over; no more moves.",
    "refuse.not_here": "That is not a move here; you may {example}, for one.",
    "refuse.not_your_turn": "It is not your turn.",
    "words.or": "{first} or {last}",
    "refuse.tt.unknown": "That is not a move: you may {moves}.",
    "refuse.tt.not_a_number": "{text} is not a card number.",
    "refuse.tt.not_held": "You don't hold {card}.",
    "refuse.tt.open": "You just took the row: now open a new row with any card.",
    "refuse.tt.empty_row": "The row is empty, there is nothing to take.",
    "refuse.tt.too_far": "{card} is too far from {last}: you may play {low} to {high}, "
                         "twist, or take the row.",
    "refuse.tt.toad": "{card} is a toad: toads can never be twisted.",
    "refuse.tt.no_twin": "Its twin {twin} is not in the row.",
    "refuse.tiles.not_yet_moving": "Tiles are moved only once all 30 are placed; now "
                                   "place your tile.",
    "refuse.tiles.place_like": "Place your tile: you may {move}, for one.",
    "refuse.tiles.which_end": "Open game: say which end of your row you take: {moves}.",
    "refuse.tiles.one_left": "Only one tile is left in your row: take it from the left end.",
    "refuse.tiles.hidden": "Hidden game: you place the tile you drew, like {move}.",
    "refuse.tiles.not_a_place": "{text} is not a place: write it as x,y like 0,1.",
    "refuse.tiles.first": "The first tile goes to 0,0.",
    "refuse.tiles.taken": "{at} is taken already.",
    "refuse.tiles.no_edge": "A tile must share a full edge with a placed tile; {at} does "
                            "not (a corner is not enough).",
    "refuse.tiles.no_pass": "You can move a tile, so you may not pass.",
    "refuse.tiles.all_placed": "All 30 tiles are placed: now move one of yours, like {move}.",
    "refuse.tiles.move_like": "Move a tile from one place to another, like {move}.",
    "refuse.tiles.places_like": "Places are written x,y, like {move}.",
    "refuse.tiles.no_tile": "There is no tile on {at}.",
    "refuse.tiles.not_yours": "The tile on {at} is not yours.",
    "refuse.tiles.surrounded": "The tile on {at} is surrounded on all four sides: it cannot "
                               "be slid out.",
    "refuse.tiles.split": "Lifting the tile on {at} would split the layout.",
    "refuse.tiles.same_place": "The tile must go to another place.",
    "refuse.tiles.would_not_touch": "On {at} the tile would not share an edge with the "
                                    "other tiles.",
    "refuse.rx.not_a_seat": "{text} is not a seat number.",
    "refuse.rx.not_chips": "{text} is not a number of chips.",
    "refuse.rx.not_held": "You have no {card} in your hand.",
    "refuse.rx.no_seat": "There is no seat {seat} at this table (seats 0 to {last}).",
    "refuse.rx.hint.place": "Now place a hand card face up, or face down with 1 or 2 "
                            "chips on it or none.",
    "refuse.rx.hint.deal": "Now open a deal: swap another player's card, bid for a "
                           "protected one, or pass.",
    "refuse.rx.hint.bid": "Now raise the bid of {bid}, or pass.",
    "refuse.rx.hint.protect": "Now raise your card's protection, or keep it.",
    "refuse.rx.hint.reveal": "Now reveal your first card, or hide it (then no second card).",
    "refuse.rx.hint.add": "Now add a second card face up, or stand.",
    "refuse.rx.hint.start": "Now choose who starts the next round.",
    "refuse.rx.protect_1_or_2": "A card is protected by 1 or 2 chips.",
    "refuse.rx.only_chips.one": "You have only {n} chip.",
    "refuse.rx.only_chips.other": "You have only {n} chips.",
    "refuse.rx.own_card": "You cannot bid on or swap your own card.",
    "refuse.rx.protected": "{seat}'s card is protected: open a bid of at least {n}.",
    "refuse.rx.swap_costs": "A swap costs 1 chip to the pot and you have none.",
    "refuse.rx.unprotected": "{seat}'s card is unprotected: swap it for 1 chip to the pot "
                             "instead of bidding.",
    "refuse.rx.bid_low.one": "The card is protected by {n} chip: bid at least {n}.",
    "refuse.rx.bid_low.other": "The card is protected by {n} chips: bid at least {n}.",
    "refuse.rx.only_chips_to_bid.one": "You have only {n} chip to bid.",
    "refuse.rx.only_chips_to_bid.other": "You have only {n} chips to bid.",
    "refuse.rx.raise_low": "A raise must top the bid of {bid}.",
    "refuse.rx.only_chips_to_raise.one": "You have only {n} chip to bid (chips on cards "
                                         "do not count).",
    "refuse.rx.only_chips_to_raise.other": "You have only {n} chips to bid (chips on cards "
                                           "do not count).",
    "refuse.rx.only_rises.one": "Protection only rises: your card has {n} chip already.",
    "refuse.rx.only_rises.other": "Protection only rises: your card has {n} chips already.",
    "refuse.rx.at_most_2": "A card is protected by at most 2 chips.",
    "refuse.rx.over_ten": "{first} and {card} make {total}: the total may not exceed 10.",
    "refuse.elfer.end_early": "Play at least one card before you end your turn, or draw "
                              "a card instead.",
    "refuse.elfer.unknown": "That is not a move; moves are like {moves}.",
    "refuse.elfer.four_played": "You have played four cards this turn: you may only swap "
                                "jokers and end your turn.",
    "refuse.elfer.played_already": "You have played this turn, so you cannot {move} any "
                                   "more: end your turn.",
    "refuse.elfer.swapped": "You swapped a joker this turn, so you must play a card; you "
                            "cannot {move}.",
    "refuse.elfer.pile_empty": "The draw pile is empty: play a card if you can, else pass.",
    "refuse.elfer.no_pass_yet": "You may pass only when the draw pile is empty: play cards "
                                "or draw.",
    "refuse.elfer.must_play": "The draw pile is empty and you can play a number card, so "
                              "you must play.",
    "refuse.elfer.not_a_position": "{text} is not a position: write a colour R, Y, G or B "
                                   "and a number 1-21, like R7.",
    "refuse.elfer.no_joker": "You have no joker.",
    "refuse.elfer.not_held": "You don't hold {card}.",
    "refuse.elfer.taken": "The position of {card} is taken already.",
    "refuse.elfer.follow": "Your connection card leads to {card}: play {card} or a joker "
                           "there first.",
    "refuse.elfer.not_next": "{card} must go next to a card of its row (one higher or one "
                             "lower); a connection card could bridge to it from a "
                             "neighbouring row.",
    "refuse.elfer.no_connections": "You have no connection cards left.",
    "refuse.elfer.same_number": "A connection card leads to the same number in the "
                                "neighbouring row.",
    "refuse.elfer.not_neighbours": "The row of {target} is not next to the row of {source}.",
    "refuse.elfer.bridge_from_empty": "A connection card starts at a card on the table; "
                                      "{source} is empty.",
    "refuse.elfer.bridge_to_taken": "A connection card must lead to an empty position; "
                                    "{target} is taken.",
    "refuse.elfer.bridge_nothing": "After the connection card you must play {target} or a "
                                   "joker there, and you hold neither.",
    "refuse.elfer.no_joker_there": "No joker stands for {card}.",
    "refuse.elfer.swap_late": "Swap a joker only on a turn you can still play a card in.",
    "refuse.ten.buy_like": "Buy a card from the market, or not: you may {moves}.",
    "refuse.ten.not_a_number_card": "{text} is not a number card (write it like B5).",
    "refuse.ten.not_in_market": "There is no {card} in the market.",
    "refuse.ten.identical": "You already hold a {card}: nobody may buy a card identical to "
                            "one in their collection.",
    "refuse.ten.too_dear": "{card} costs {price} and you can pay only {wealth}.",
    "refuse.ten.pile_empty": "The pile is empty: stop and take the numbers or the money.",
    "refuse.ten.no_numbers": "There are no number cards in the tableau to take.",
    "refuse.ten.no_money": "There are no money cards in the tableau to take.",
    "refuse.ten.flip_turn": "Now flip, or stop: you may {moves}.",
    "refuse.ten.auction": "A joker is up for auction: bid for it, or pass.",
    "refuse.ten.not_coins": "{text} is not an amount of money.",
    "refuse.ten.bid_low": "Bid at least {n}.",
    "refuse.ten.bid_high": "You can pay at most {n}.",
    "refuse.ten.owes": "There is still {due} to pay: pay with a money token, a bust token, a "
                       "duplicate or a card of the collection.",
    "refuse.ten.no_tokens": "There are no money tokens left to pay with.",
    "refuse.ten.no_bust_tokens": "There are no bust tokens to pay with.",
    "refuse.ten.no_duplicates": "There are no duplicates (face-down cards) to pay with.",
    "refuse.ten.not_an_item": "{text} is neither t, x, d nor a card code.",
    "refuse.ten.not_collected": "There is no {card} in the collection to pay with.",
    "refuse.ten.after_bust": "After a bust, take the bust token or buy a card.",
    "refuse.ten.mona_stops": "Mona has reached her target: she stops.",
    "refuse.ten.mona_numbers": "Mona always takes the number cards.",
    "refuse.ten.mona_bids": "Mona bids whenever her rule lets her.",
    "refuse.ten.mona_passed": "Mona passed: you may bid {n}, no more.",
    "refuse.ten.mona_all_in": "Mona bid {bid}, all the money you have: you cannot outbid "
                              "her.",
    "refuse.ten.outbid_mona": "Mona bid {bid}: bid more than that, up to {n}, or pass.",
    "refuse.ten.solo_bid_low": "Bid at least {n} (the solo minimum is {least}).",
    "refuse.ten.solo_pay": "In a solo auction only money tokens, bust tokens and duplicates pay.",
    "refuse.ten.mona_never_buys": "Mona never buys.",
}
