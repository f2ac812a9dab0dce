"""The words of the rules pages, by language and message id: the only place their text lives.
:mod:`drawpoker.web.rules_content` says *which* messages a game's page uses (from the game's
spec) and fills in the numbers; a new language is one more catalogue in :data:`CATALOGUES`
with the same ids, and no code changes.

The texts restate, for players, the rules the engine implements (docs/rules.md).

>>> message("en", "section.ranking")
'Which hand wins'
>>> message("en", "forced.ante", ante="10")
'Everyone puts an ante of 10 into the pot.'
"""

from __future__ import annotations

from drawpoker.errors import InvalidArgumentError

EN: dict[str, str] = {
    # page frame
    "site.lobby": "Lobby",
    "site.rules": "Rules",
    "site.tips": "Draw tips",
    "index.title": "Rules of the games",
    "index.intro": (
        "Every game this site deals, explained for players: how a hand goes, which hand wins, "
        "tips, the words players use, common questions, and the table settings you can change."
    ),
    "index.seats": "{low} to {high} players",
    "page.title": "How to play {title}",
    "page.contents": "On this page",
    "page.all_games": "All games",
    "missing.title": "No such game",
    "missing.body": "This site has no game called “{name}”. These are the games it deals:",
    "section.hand": "How a hand goes",
    "section.ranking": "Which hand wins",
    "section.tips": "Tips",
    "section.glossary": "Words players use",
    "section.questions": "Questions and answers",
    "section.defaults": "Table settings and their defaults",
    # overview
    "overview.players": "{low} to {high} players.",
    "overview.deck.standard": "One 52-card deck, no jokers.",
    "overview.deck.joker": "One 53-card deck: the 52 cards and a joker.",
    "overview.betting.unit": (
        "Bets and raises go in steps of {unit} chips (two antes). A raise adds at least one "
        "step, and at least as much as the biggest raise so far in that betting round."
    ),
    "overview.betting.no-limit": (
        "No limit: a bet is at least {min_bet} chips, a raise adds at least as much as the "
        "last raise, and you may bet everything you have at any time."
    ),
    "overview.betting.pot-limit": (
        "Pot limit: a bet is at least {min_bet} chips, a raise adds at least as much as the "
        "last raise, and no bet may be bigger than the pot (counting your call)."
    ),
    "overview.betting.fixed-limit": (
        "Fixed limit: every bet and raise is exactly the small bet ({small}) or, on the later "
        "rounds, the big bet ({big})."
    ),
    "cap": "A betting round allows one bet and {raises} raises.",
    "cap.heads_up": (
        "A betting round allows one bet and {raises} raises, with no limit when the round "
        "starts with only two players."
    ),
    "cap.none": "A betting round allows any number of raises.",
    "overview.betting.none": "No chips are bet: the hands are only compared.",
    # forced bets and the button
    "forced.ante": "Everyone puts an ante of {ante} into the pot.",
    "forced.blinds": (
        "The player left of the button posts the small blind ({small}) and the next player "
        "the big blind ({big}). With only two players, the button posts the small blind."
    ),
    "forced.big_blind_ante": "The big blind also puts in {amount} for the whole table.",
    "button.moves": "The button (the dealer's place) moves one seat to the left after each hand.",
    "button.fixed": "There is no moving button: every hand is dealt starting from seat 1.",
    # streets
    "street.deal": "The deal",
    "street.flop": "The flop",
    "street.turn": "The turn",
    "street.river": "The river",
    "street.stud": "Street {cards}",
    "street.stud.3": "Third street",
    "street.stud.4": "Fourth street",
    "street.stud.5": "Fifth street",
    "street.stud.6": "Sixth street",
    "street.stud.7": "Seventh street",
    "street.draw": "Draw {number}",
    "street.draw.only": "The draw",
    "deal.down": "{count} cards face down to each player, seen only by their owner",
    "deal.down.one": "one card face down to each player, seen only by its owner",
    "deal.up": "{count} cards face up to each player, seen by everyone",
    "deal.up.one": "one card face up to each player, seen by everyone",
    "deal.board": "{count} cards face up in the middle (the board), shared by everyone",
    "deal.board.one": "one more card on the board",
    "deal.cards": "Dealt: {what}.",
    "draw.limit.3": "up to three cards",
    "draw.limit.3-or-4-with-ace": "up to three cards (four when keeping an ace or the joker)",
    "draw.limit.5": "any number of cards, even the whole hand",
    "draw.turn": (
        "Each player still in, in turn from the left of the button, throws away {limit}, and "
        "gets as many new ones. Keeping every card is called standing pat. Everyone sees how "
        "many cards each player takes, never which."
    ),
    "bet.round": "A betting round: {first}",
    "first.left-of-button": "the first player still in to the left of the button starts.",
    "first.left-of-big-blind": (
        "the player left of the big blind starts; the big blind acts last and may still raise "
        "when everyone only called."
    ),
    "first.opener": (
        "the player who made the first bet of the hand starts (if they folded, the next player "
        "to their left; if nobody bet, the first player left of the button)."
    ),
    "first.bring-in.high": (
        "the lowest up card (aces count high; on equal ranks clubs are lowest, then diamonds, "
        "hearts, spades) must bring it in: put in the bring-in ({bring_in}) or a full small "
        "bet ({small})."
    ),
    "first.bring-in.low": (
        "the highest up card (kings highest, aces lowest; on equal ranks spades are highest) "
        "must bring it in: put in the bring-in ({bring_in}) or a full small bet ({small})."
    ),
    "first.best-board.high": "the best hand showing on the up cards starts.",
    "first.best-board.low": (
        "the best low hand showing on the up cards starts; pairs count against it."
    ),
    "size.fixed": " Bets and raises are {amount}.",
    "size.small-or-big-with-open-pair": (
        " Bets and raises are {small}, or {big} if a pair shows on anyone's up cards."
    ),
    "opening.jacks": "Only a player holding a pair of jacks or better may make the first bet.",
    "redeal": (
        "If nobody bets in the first round, the cards are collected, the pot stays, everyone "
        "antes again and new cards are dealt; the button stays where it is."
    ),
    "fold.win": "Whenever everyone else folds, the last player takes the pot without showing.",
    # showdown
    "showdown.title": "Showdown",
    "showdown.one": "The players still in show their cards; the best {ranking} hand wins.",
    "showdown.split": (
        "The players still in show their cards. Each pot is split in two: half to the best "
        "high hand, half to the best low hand of eight or better (five different ranks, all "
        "eight or lower, ace low). If nobody has such a low, the high hand takes it all. One "
        "player may win both halves. A chip that cannot be split between the halves goes to "
        "the high half."
    ),
    "cards.best-of-all.board": "Your hand is the best five cards of your own cards and the board.",
    "cards.best-of-all.seven": "Your hand is the best five of your seven cards.",
    "cards.best-of-all.own": "Your hand is the cards you hold.",
    "cards.two-hole-three-board": (
        "Your hand is exactly two of your own cards and exactly three from the board, no more "
        "and no fewer."
    ),
    "show.left-of-button": "The first player still in to the left of the button shows first.",
    "show.last-aggressor": (
        "The last player who bet or raised in the last betting round shows first."
    ),
    "show.last-aggressor-any-street": (
        "The last player who bet or raised shows first; then, going left, each player shows a "
        "hand that beats or ties the best one so far, or may throw it away unseen."
    ),
    "ties": "Equal hands share the pot; {odd_chip}",
    "ties.high": "Equal high hands share the high half; {odd_chip}",
    "ties.low": "Equal low hands share the low half; {odd_chip}",
    "odd.left-of-button": (
        "a chip that cannot be split goes to the first winner left of the button."
    ),
    "odd.high-card-by-suit": (
        "a chip that cannot be split goes to the hand holding the highest card (suits break ties: "
        "spades, hearts, diamonds, clubs)."
    ),
    "odd.low-card-by-suit": (
        "a chip that cannot be split goes to the hand holding the lowest card (suits break ties)."
    ),
    # rankings
    "ranking.high": "high",
    "ranking.joker": "high",
    "ranking.ace-five": "low (ace to five)",
    "ranking.deuce-seven": "low (deuce to seven)",
    "ranking.badugi": "badugi",
    "ranking.caption.high": "High hands, best first",
    "ranking.caption.joker": "High hands with the joker, best first",
    "ranking.caption.ace-five": "Low hands (ace to five), best first",
    "ranking.caption.deuce-seven": "Low hands (deuce to seven), best first",
    "ranking.caption.badugi": "Badugi hands, best first",
    "ranking.note.high": (
        "Aces are high, and also low in the straight 5-4-3-2-A only. Suits never decide: equal "
        "hands share the pot. Within a kind, the higher cards win: first the cards that make "
        "the kind (the pair, the three, ...), then the others from the highest down."
    ),
    "ranking.note.joker": (
        "The joker becomes whatever card makes your hand best, but never a card you already "
        "hold unless it repeats a rank: so four of a kind and the joker is five of a kind, the "
        "best hand there is. A hand with the joker ties an equal hand without it."
    ),
    "ranking.note.ace-five": (
        "The lowest hand wins. Aces are always low; straights and flushes do not count. Compare "
        "the highest card first, then the next: 6-4-3-2-A beats 6-5-4-2-A. Any hand without a "
        "pair beats any hand with one. The best hand is 5-4-3-2-A, the wheel."
    ),
    "ranking.note.ace-five.qualifier": (
        "To win the low half, a low must be eight or better: five different ranks, none above "
        "an eight."
    ),
    "ranking.note.deuce-seven": (
        "The lowest hand wins, and the order is exactly the high order turned upside down: aces "
        "are always high, and straights and flushes count against you. The best hand is "
        "7-5-4-3-2 of more than one suit. Compare the highest card first: 8-6-4-3-2 beats "
        "8-7-4-3-2."
    ),
    "ranking.note.badugi": (
        "Four-card hands; aces are low. Only cards of different suits and different ranks count, "
        "so more counting cards always beats fewer. Between hands with as many counting cards, "
        "the lower highest card wins, then the next. The best hand is A-2-3-4 of four suits."
    ),
    "ranking.column.hand": "Hand",
    "ranking.column.example": "Example",
    "ranking.column.meaning": "What it is",
    "category.FIVE_OF_A_KIND": "Five of a kind",
    "category.STRAIGHT_FLUSH": "Straight flush",
    "category.FOUR_OF_A_KIND": "Four of a kind",
    "category.FULL_HOUSE": "Full house",
    "category.FLUSH": "Flush",
    "category.STRAIGHT": "Straight",
    "category.THREE_OF_A_KIND": "Three of a kind",
    "category.TWO_PAIR": "Two pair",
    "category.ONE_PAIR": "One pair",
    "category.HIGH_CARD": "High card",
    "category.BADUGI": "Four-card badugi",
    "category.THREE_CARDS": "Three-card hand",
    "category.TWO_CARDS": "Two-card hand",
    "category.ONE_CARD": "One-card hand",
    "meaning.FIVE_OF_A_KIND": "four cards of one rank and the joker",
    "meaning.STRAIGHT_FLUSH": "five cards in a row of one suit (from ace high: a royal flush)",
    "meaning.FOUR_OF_A_KIND": "four cards of one rank",
    "meaning.FULL_HOUSE": "three cards of one rank and two of another",
    "meaning.FLUSH": "five cards of one suit",
    "meaning.STRAIGHT": "five cards in a row, any suits",
    "meaning.THREE_OF_A_KIND": "three cards of one rank",
    "meaning.TWO_PAIR": "two cards of one rank and two of another",
    "meaning.ONE_PAIR": "two cards of one rank",
    "meaning.HIGH_CARD": "none of the above: five different ranks",
    "meaning.ace-five.HIGH_CARD": "five different ranks (straights and flushes do not count)",
    "meaning.deuce-seven.HIGH_CARD": "five different ranks, not in a row, not all one suit",
    "meaning.BADUGI": "four cards, all of different suits and ranks",
    "meaning.THREE_CARDS": "three cards of different suits and ranks count",
    "meaning.TWO_CARDS": "two cards of different suits and ranks count",
    "meaning.ONE_CARD": "all four cards share a suit or a rank: one counts",
    # tips
    "tips.numbers": (
        "The numbers count every possible new card exactly, nothing is sampled (the same numbers "
        "as the draw tips page and the drawpoker tips command). The draw limit is three cards, "
        "or four when you keep an ace or the joker."
    ),
    "tips.caption": "Draw tips with the {deck}, exact chances",
    "tips.deck.52": "52-card deck",
    "tips.deck.53": "53-card deck (joker wild)",
    "tips.column.tip": "Tip",
    "tips.column.example": "Example hand",
    "tips.column.advised": "Advised",
    "tips.column.goal": "Goal",
    "tips.column.reach": "Chance to reach the goal",
    "tips.column.improve": "Chance to improve",
    "tips.column.other": "Best other choice: goal, improve",
    "tips.column.place": "Place among all choices",
    "tips.place": "{place} of {choices}",
    "tips.low.intro": (
        "Exact chances on one draw, counting every possible new card (the draw engine's numbers):"
    ),
    "tips.low.caption": "Exact chances on one draw",
    "tips.low.column.hand": "Example hand",
    "tips.low.column.discards": "Throw away",
    "tips.low.column.chance": "Chance to make {goal}",
    "goal.made_low": "a hand with no pair, straight or flush",
    "goal.badugi": "a four-card badugi",
    "tips.more": "Try any hand of your own on the draw tips page.",
    "tip.position": (
        "Play fewer hands when you act early: players left to act after you may hold better."
    ),
    "tip.blind_defence": (
        "The big blind has already paid part of a call, so it can defend with more hands."
    ),
    "tip.omaha_two": (
        "Read the board with exactly two of your cards: four hearts in your hand with no heart "
        "pair on the board is not a flush."
    ),
    "tip.omaha_nuts": (
        "In Omaha many players hold strong hands; a straight or a low flush often loses."
    ),
    "tip.hilo_scoop": (
        "In a split game aim to win both halves: hands that can make a good low and a good "
        "high (A-2 with more low cards) are worth the most."
    ),
    "tip.hilo_qualify": (
        "Without an eight-or-better low the high hand takes the whole pot: count the low cards "
        "before you chase a low."
    ),
    "tip.stud_live": (
        "Watch the up cards: the cards you need that show on other boards can no longer come "
        "to you."
    ),
    "tip.stud_start": (
        "On third street, play pairs, three cards to a flush or straight, and high cards; fold "
        "most other starts."
    ),
    "tip.razz_start": (
        "In razz start with three cards of eight or lower, all different; a king showing on "
        "your board is a poor start."
    ),
    "tip.lowball_pat": (
        "A smooth hand (low second card, like 7-5-4-3-2 or 8-5-4-3-2) is strong: stand pat "
        "rather than break it."
    ),
    "tip.lowball_draw_one": (
        "Drawing one to four good low cards beats drawing two or three; keep the lowest cards "
        "that make no pair, straight or flush."
    ),
    "tip.lowball_ace": "In deuce to seven an ace is a high card: throw it away, never keep it.",
    "tip.badugi_three": (
        "Three cards of different suits and ranks, all low, is a good draw: draw one for the "
        "fourth suit."
    ),
    "tip.badugi_pat": (
        "A badugi, even one as high as a queen, is worth standing pat early; a rough one may "
        "break late against players who stood pat."
    ),
    "tip.draw_count": (
        "Watch how many cards each player takes: one who stands pat usually holds a made hand."
    ),
    # glossary
    "term.ante": "Ante",
    "def.ante": "A small fixed amount every player puts in before the cards are dealt.",
    "term.blinds": "Blinds",
    "def.blinds": (
        "Two forced bets posted before the deal by the two players left of the button: the "
        "small blind and the big blind. They keep every pot worth playing."
    ),
    "term.big_blind_ante": "Big-blind ante",
    "def.big_blind_ante": "One ante for the whole table, posted by the big blind.",
    "term.bring_in": "Bring-in",
    "def.bring_in": (
        "The forced small bet of the player whose up card is worst on the first round."
    ),
    "term.button": "Button",
    "def.button": "The marker of the dealer's place; the action and the blinds go from it.",
    "term.check": "Check",
    "def.check": "Pass without betting, allowed only when nobody has bet in this round.",
    "term.bet": "Bet",
    "def.bet": "Put the first chips of a betting round into the pot.",
    "term.call": "Call",
    "def.call": "Put in just enough to match the current bet.",
    "term.raise": "Raise",
    "def.raise": "Match the current bet and add more, so the others must put in more to stay.",
    "term.fold": "Fold",
    "def.fold": "Give up the hand and every chip already put in.",
    "term.all_in": "All-in",
    "def.all_in": (
        "Betting all your chips. You stay in to the showdown without paying more, and can win "
        "only the part of the pot you matched."
    ),
    "term.side_pot": "Side pot",
    "def.side_pot": (
        "The chips bet beyond what an all-in player could match; only the players who put "
        "them in can win them."
    ),
    "term.showdown": "Showdown",
    "def.showdown": "The end of the hand: the players still in show their cards.",
    "term.kicker": "Kicker",
    "def.kicker": "A card outside the pair or set that decides between otherwise equal hands.",
    "term.hole_cards": "Hole cards",
    "def.hole_cards": "Your cards dealt face down, seen only by you.",
    "term.up_cards": "Up cards",
    "def.up_cards": "Cards dealt face up in front of a player, seen by everyone.",
    "term.board": "Board",
    "def.board": "The cards face up in the middle that every player uses.",
    "term.flop_turn_river": "Flop, turn, river",
    "def.flop_turn_river": "The three board cards dealt together, then the fourth, then the fifth.",
    "term.street": "Street",
    "def.street": "One stage of the hand: a deal followed by a betting round.",
    "term.draw": "Draw",
    "def.draw": "Throwing away cards from your hand and getting as many new ones.",
    "term.stand_pat": "Stand pat",
    "def.stand_pat": "Take no new cards in a draw and keep your whole hand.",
    "term.no_limit": "No limit",
    "def.no_limit": "Any bet from the minimum up to all your chips.",
    "term.pot_limit": "Pot limit",
    "def.pot_limit": "Any bet from the minimum up to the size of the pot.",
    "term.fixed_limit": "Fixed limit",
    "def.fixed_limit": "Every bet and raise has one set size, smaller early and bigger late.",
    "term.cap": "Cap",
    "def.cap": "The most bets in one betting round: one bet and three raises.",
    "term.unit": "Betting unit",
    "def.unit": "The step of every bet and raise in Five-Card Draw: twice the ante.",
    "term.opener": "Opener",
    "def.opener": "The player who makes the first bet of the hand.",
    "term.redeal": "Redeal",
    "def.redeal": "New cards for everyone, the pot carried over, when nobody opens the betting.",
    "term.jacks_or_better": "Jacks or better",
    "def.jacks_or_better": "An option: only a pair of jacks or a better hand may open the betting.",
    "term.joker": "Joker",
    "def.joker": "An extra card that becomes whatever card makes your hand best.",
    "term.split_pot": "Split pot",
    "def.split_pot": "A pot shared between the best high hand and the best low hand.",
    "term.scoop": "Scoop",
    "def.scoop": "Win both the high and the low half of a pot.",
    "term.qualifier": "Eight or better",
    "def.qualifier": "The least a low must be to win: five different ranks, all eight or lower.",
    "term.wheel": "Wheel",
    "def.wheel": "5-4-3-2-A, the best ace-to-five low.",
    "term.number_seven": "Number seven",
    "def.number_seven": "7-5-4-3-2 of mixed suits, the best deuce-to-seven hand.",
    "term.badugi": "Badugi",
    "def.badugi": "Four cards of four different suits and four different ranks.",
    "term.odd_chip": "Odd chip",
    "def.odd_chip": "A chip left over when a pot cannot be shared equally.",
    # questions
    "q.leave": "What happens if I leave the table?",
    "a.leave": (
        "A CPU player plays your seat until you come back. Open the table's link again in the "
        "same browser to take your seat back."
    ),
    "q.timer": "What if my time to act runs out?",
    "a.timer": (
        "The table checks for you if it can, otherwise it folds; in a draw you keep all your "
        "cards. There is no time limit unless the table sets one."
    ),
    "q.chips": "Can I buy chips or keep them?",
    "a.chips": (
        "No. Chips are points for this game only: never bought, never paid out, never carried "
        "into another game."
    ),
    "q.end": "When does the game end, and who wins?",
    "a.end": (
        "After the number of hands the table set, or earlier when only one player has chips "
        "left. A player with no chips at the start of a hand is out. The most chips wins; equal "
        "stacks share the place."
    ),
    "q.tie": "What if two hands are equal?",
    "a.tie": "They share the pot equally; {odd_chip}",
    "q.all_in": "Can I still win if I cannot match a bet?",
    "a.all_in": (
        "Yes: put in all your chips. You can win what you matched from every player; the rest "
        "goes to a side pot the others play for."
    ),
    "q.deck_short": "What if the deck runs out during a draw?",
    "a.deck_short": (
        "The cards already thrown away by the players who drew before you are shuffled into a "
        "new deck. Your own discards are never given back to you."
    ),
    "q.common_card": "What if there are not enough cards for the last street?",
    "a.common_card": (
        "One card is dealt face up in the middle and every player uses it as their last card."
    ),
    "q.no_low": "What if nobody has a low of eight or better?",
    "a.no_low": "The best high hand takes the whole pot.",
    "q.omaha_cards": "May I use one, three or four of my own cards?",
    "a.omaha_cards": "No: always exactly two of yours and exactly three from the board.",
    "q.board": "Must I use my own cards?",
    "a.board": "No: your hand is the best five of seven, even if all five come from the board.",
    "q.all_check": "What happens when everyone checks in the first round?",
    "a.all_check": (
        "With the usual setting the cards are dealt again and the pot stays; with the setting "
        "“left of the dealer” the hand goes on to the draw."
    ),
    "q.no_bet": "Can I play without betting?",
    "a.no_bet": (
        "Yes, with the no-bet mode: everyone draws once and shows; the best hand scores a point "
        "(equal best hands each score one) and the most points after the last hand wins."
    ),
    "q.rating": "Which games change my rating?",
    "a.rating": (
        "Every finished game you play from your device, against people or CPU players, in "
        "this game's own rating: each other player you finish above counts as a win, below as "
        "a loss, on an equal place as half of each (no-bet games too, by their points). Not "
        "rated: a game where your device held two seats, a game nobody played from a device "
        "(CPU players only), and a game with no one else rated (seats nobody took, or taken "
        "without a device, do not count)."
    ),
    "q.bring_in": "Who has to bet first, and how much?",
    "a.bring_in": (
        "On the first round the worst up card must bring it in; from then on the best hand "
        "showing acts first and may check."
    ),
    # defaults
    "defaults.intro": (
        "These are the settings a new table starts with; whoever creates the table may change them."
    ),
    "defaults.column.setting": "Setting",
    "defaults.column.default": "Default",
    "defaults.column.choices": "Choices",
    "defaults.column.changes": "What it changes",
    "defaults.any_number": "a whole number",
    "defaults.any_number_from": "a whole number from {low}",
    "defaults.on": "on",
    "defaults.off": "off",
    "defaults.none": "none",
    "defaults.seconds": "{seconds} seconds",
    "setting.mode": "Mode",
    "setting.ante": "Ante",
    "setting.draw_limit": "Draw limit",
    "setting.opening": "Opening",
    "setting.second_round": "Second betting round starts with",
    "setting.joker": "Joker",
    "setting.small_blind": "Small blind",
    "setting.big_blind": "Big blind",
    "setting.big_blind_ante": "Big-blind ante",
    "setting.small_bet": "Small bet",
    "setting.big_bet": "Big bet",
    "setting.bring_in": "Bring-in",
    "setting.betting": "Betting",
    "setting.heads_up_uncapped": "No raise cap with two players",
    "choice.betting": "betting",
    "choice.no-bet": "no betting (hands compared only)",
    "choice.3": "up to 3 cards",
    "choice.3-or-4-with-ace": "up to 3, or 4 keeping an ace or the joker",
    "choice.5": "up to 5 cards",
    "choice.none": "anyone may open",
    "choice.jacks": "jacks or better to open",
    "choice.opener": "the opener",
    "choice.left-of-dealer": "the first player left of the dealer",
    "choice.pot-limit": "pot limit",
    "choice.fixed-limit": "fixed limit",
    "setting.players": "Players",
    "setting.players.changes": "How many seats the table has; any seat may be a CPU player.",
    "setting.stack": "Starting stack",
    "setting.stack.changes": "The chips each player starts with.",
    "setting.rounds": "Hands",
    "setting.rounds.changes": "How many hands the game lasts.",
    "setting.turn_timer": "Turn timer",
    "setting.turn_timer.changes": (
        "The time to act; when it runs out the table checks if it can, else folds, and in a "
        "draw keeps every card."
    ),
    # intros
    "intro.five-card-draw": (
        "Each player gets five cards, bets, may change some of them once, bets again, and the "
        "best hand wins."
    ),
    "intro.holdem": (
        "Each player gets two cards of their own and shares five cards in the middle; the best "
        "five of those seven win."
    ),
    "intro.omaha": (
        "Like Hold'em, but with four cards of your own, and your hand must use exactly two of "
        "them with three from the middle."
    ),
    "intro.omaha-hi-lo": (
        "Omaha where each pot is split between the best high hand and the best low hand of "
        "eight or better."
    ),
    "intro.stud": (
        "Seven cards each, some face down and some face up, no shared cards; the best five of "
        "your seven win."
    ),
    "intro.razz": (
        "Seven-Card Stud where the lowest hand wins, aces low and no straights or flushes."
    ),
    "intro.stud-hi-lo": (
        "Seven-Card Stud where each pot is split between the best high hand and the best low "
        "hand of eight or better."
    ),
    "intro.2-7-single-draw": (
        "Five cards, one chance to change them, and the lowest hand wins, aces high."
    ),
    "intro.2-7-triple-draw": (
        "Five cards, three chances to change them, and the lowest hand wins, aces high."
    ),
    "intro.badugi": (
        "Four cards, three chances to change them; the best hand has four low cards of four "
        "different suits."
    ),
}
"""The English texts."""

CATALOGUES: dict[str, dict[str, str]] = {"en": EN}
"""Every language's texts by message id; each catalogue has the same ids as :data:`EN`."""


def message(lang: str, key: str, **values: str) -> str:
    """The text ``key`` in language ``lang``, with ``values`` filled in.

    >>> message("en", "overview.players", low="2", high="6")
    '2 to 6 players.'
    >>> message("xx", "section.tips")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: no rules texts in language 'xx' (known: en)
    """
    if lang not in CATALOGUES:
        known = ", ".join(CATALOGUES)
        raise InvalidArgumentError(f"no rules texts in language {lang!r} (known: {known})")
    return CATALOGUES[lang][key].format(**values)


def has_message(lang: str, key: str) -> bool:
    """Whether language ``lang`` has the text ``key``.

    >>> has_message("en", "setting.players"), has_message("en", "setting.colour")
    (True, False)
    """
    return key in CATALOGUES.get(lang, {})
