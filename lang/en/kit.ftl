### The short messages of a kit, in English (Project Fluent). Every
### language has the same ids (a test checks). Arguments are facts from
### the kit: numbers ($count, $page …) and words already said in the
### language ($king, $side …). WORDS($n) writes a number in words, as the
### language's grammar.toml says it.

## Lists

# "a, b and c": $init is "a, b".
list-and = { $init } and { $last }
list-semicolon = { $init }; { $last }

## The cover

cover-subtitle = A print-and-play kit
cover-subtitle-edition = A print-and-play kit · { $edition }
cover-making = Making the kit
cover-board-map = Board map
cover-board-whole = The board: one piece
cover-settings = Settings
cover-scale-check = Scale check
cover-scale-bar = 50 mm
cover-scale-inch = 1 inch
cover-sheets = This kit takes { $card ->
        [one] { WORDS($card) } sheet of card
       *[other] { WORDS($card) } sheets of card
    } and { $paper ->
        [one] { WORDS($paper) } sheet of paper
       *[other] { WORDS($paper) } sheets of paper
    }{ $sticker ->
        [0] {""}
        [one] , plus { WORDS($sticker) } sticker sheet
       *[other] , plus { WORDS($sticker) } sticker sheets
    }.
# Which pages: $span is last minus first.
cover-pages = { $span ->
        [0] page { $first }
        [1] pages { $first } and { $last }
       *[other] pages { $first } to { $last }
    }
cover-sheet-nothing = nothing
cover-page-has = page { $page } has { $what }
cover-step-scale = Print at actual size (100 %, not "fit to page"), then check the 50 mm bar and the 1 inch square at the foot of this page with a ruler. This page itself can go on plain paper, in black and white.
cover-step-card = { $count ->
        [one] For the card sheet use card as thick as your printer takes, or paper that you glue onto card afterwards.
       *[other] For the card sheets use card as thick as your printer takes, or paper that you glue onto card afterwards.
    } { $contents }.
cover-step-laminate = To laminate, put the printed sheets in good pouches (cheap ones stick only at the edges) before cutting. To glue, spread the glue thinly over the whole back, press the paper onto card and let it dry flat under a book.
cover-cut-square = the square pieces share their cut lines, so a paper trimmer does a row at a time
cover-cut-disc = cut the round pieces with scissors, turning the card rather than the blades. Glued onto wooden discs of the sizes under Settings, they stand heavier on the board
cover-cut-shield = cut the straight tops of the shields first, then the curves
cover-cut-stickers = the pieces are printed as stickers, on sheets of their own
cover-step-cut = Cut along the thin grey lines with a craft knife and a metal ruler; { $cut }.
cover-step-sections = Lay the { WORDS($count) } board sections out as the map below shows. Edges carrying the same mark belong together (A1 meets A1), so the board goes together one way only. Tape the joins underneath or glue the sections to a backing board.
cover-step-stickers = Before printing the sticker sheets ({ $pages }), print them once on plain paper and hold that against a sticker sheet to check that the circles land on the stickers. Cut out the circles and stick them onto wooden discs: { $king-mm } mm for { $king }, { $piece-mm } mm for the others.
cover-fold-one = Fold it in half to make the rules booklet.
cover-fold-many = Lay the sheets on top of each other with sheet 1 (marked "{ $mark }") outside, then fold them in half together to make the rules booklet.
cover-step-leaflet = The rules leaflet ({ $pages }): a small arrow in the top margin of each side points to the top. If the two sides of a sheet have their arrows at opposite edges, print that sheet again with the other flip. { $fold }
cover-job-long = double-sided, flip on the long edge
cover-job-short = double-sided, flip on the short edge
cover-job-one-sided = one-sided
cover-job-cover = the cover
cover-job-card = { $count ->
        [one] the card sheet
       *[other] the card sheets
    }
cover-job-stickers = { $count ->
        [one] the sticker sheet
       *[other] the sticker sheets
    }
cover-job-leaflet = the leaflet
cover-job = **{ $pages }** ({ $what }) on { $stock }, { $sided }
cover-step-jobs = Print the kit as { WORDS($count) } jobs, each with its own printer setting: { $jobs }.
# The booklet's own page numbers, printed at the foot of its pages (the
# print steps count the PDF's pages): said once, on the first.
cover-extra-first = { $what } on { $pages } of the folded booklet
cover-extra-next = { $what } on { $pages }
# $which: puzzles, record or both (what the rules left no leaflet page for).
cover-extras-left-out = { $which ->
        [puzzles] The rules fill the leaflet, so the puzzles did not fit; they go on one more leaflet sheet, which whoever makes the kit can add.
        [record] The rules fill the leaflet, so the game record sheet did not fit; it goes on one more leaflet sheet, which whoever makes the kit can add.
       *[both] The rules fill the leaflet, so the puzzles and the game record sheet did not fit; they go on one more leaflet sheet, which whoever makes the kit can add.
    }
## The cover's settings table

setting-variant = Variant
setting-first-move = First move
setting-theme = Theme
setting-paper = Paper
setting-squares = Squares
setting-pieces = Pieces
setting-duplex = Duplex
setting-printer = Printer
setting-discs = Wooden discs
setting-turn-marker = Turn marker
setting-spares = Spares
setting-sides = Sides
setting-options = Options
setting-extras = Also in leaflet
setting-first-because = { $side } ({ $because })
setting-squares-value = { $square } mm (board { $across } mm across)
setting-pieces-value = { $shape }, { $king } { $king-mm } mm, others { $piece-mm } mm
setting-duplex-long = long edge
setting-duplex-short = short edge
setting-printer-mono = black and white
setting-printer-colour = colour
setting-discs-one = { $count } × { $mm } mm
setting-discs-two = { $kings } × { $king-mm } mm, { $others } × { $piece-mm } mm
setting-turn-marker-value = 1 × { $mm } mm (on the board's turn track)
setting-sides-bid = bid for; a coin decides who bids first
setting-spares-value = { $count } a side

## What things are called

shape-discs = discs
shape-shields = shields
shape-squares = square tokens
stock-paper = paper
stock-card = card
stock-sticker-paper = sticker paper
paper-a4 = A4
paper-letter = US Letter
paper-a3 = A3
paper-tabloid = US Tabloid
option-berserker = berserker
option-shield-wall = shield wall
option-skilled-play = skilled play
# The edition under a title: the rules a kit of its own title follows,
# or the theme.
edition-rules = { $variant } rules
edition-theme = { $theme } edition

## What a card sheet has, for the cover

part-board-section = board section { $labels }
part-board-whole = the board in one piece
part-board-sections = board sections { $labels }
part-turn-marker = the turn marker
part-puzzles = puzzles
part-record-sheet = game record sheet
part-record-sheets = { $count ->
        [one] game record sheet
       *[other] { WORDS($count) } game record sheets
    }
part-other = pages
part-reminder-cards = { $count ->
        [one] { WORDS($count) } reminder card
       *[other] { WORDS($count) } reminder cards
    }

## Marks on the parts

board-glue-under = glue under { $section }
# The word on the turn marker, in capitals.
marker-word = TURN
card-continued = Continued on the back ({ $part } of { $count })
card-back = Back ({ $part } of { $count }): fold on the dashes and glue
sticker-note = Sticker sheet: print on plain paper first and hold it against the sticker sheet to check the circles line up.
turn-track-title = Turn track.
turn-track-text = Skilled play: the marker shows which turn { $defenders } are on. It starts on 1 and moves on one cell each time they have moved.

## The leaflet

leaflet-how-to-play = How to play
leaflet-how-to-play-edition = How to play · { $edition }
figure-label = Figure { $number }.
# How the rules text cites a figure (the templates write it so).
figure-ref = Figure { $number }
figure-last-turn = Last turn
figure-before = Before
figure-after = After
figure-this-turn = This turn
# The flip marks at the top of each leaflet side: "1 out", "1 in".
flip-out = out
flip-in = in
flip-sheet-out = { $sheet } out
flip-sheet-in = { $sheet } in

## Puzzles and the record sheet

puzzles-title = Puzzles
puzzles-intro = Each position comes from a game the computer played against itself. The side named moves next and wins in the number of moves given, however the other side answers: the rules engine has tried every defence. A move is written from square to square, like e1-e4. The answers stand upside down at the foot of the page, with the other side's replies in brackets; only the winner's moves count.
puzzles-window = Where a diagram shows only part of the board, the squares left out are empty.
puzzles-answers = Answers.
puzzle-caption = { $number }. { $side } to move win in { $moves }.
puzzle-any-reply = any reply
# A reply shown as one of several the loser could make, each beaten by its own answer ($reply: its moves).
puzzle-example-reply = for instance { $reply }
# The loser's reply between two of the winner's moves in a printed answer ($reply: the move itself, "any reply" or "for instance" and a move): "c3-c1 (a5-a6), b5-a5".
puzzle-reply = ({ $reply })
# The word a written game and a puzzle answer put where a player ends a berserker turn
# instead of moving again ("e1-e4 pass"); the rules name it too.
turn-pass = pass
record-title = Game record
record-date = Date
record-winner = Winner
record-key = Write each move as the square the piece leaves and the square it reaches, read from the letters and numbers round the board: e1-e4. Put x after a move that captures. { $side } move first.

## A recorded game printed as diagrams (taflkit record)

game-player = { $side }: { $name }
game-start = The start
game-after = After move { $number }
game-won = { $how ->
        [captured] { $side } won: { $king } was captured.
        [escaped] { $side } won: { $king } escaped.
        [encircled] { $side } won by surrounding every defender.
        [resigned] { $side } won: the other side gave up.
       *[other] { $side } won.
    }
game-drawn = The game ended in a draw.
game-unfinished = The record stops before the game ends.

## PDF metadata

pdf-title = { $title } — print-and-play kit
pdf-subject = { $variant } in the { $theme } theme: cover, board, pieces, reminder cards and rules leaflet
