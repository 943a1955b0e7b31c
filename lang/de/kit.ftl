### Die kurzen Texte eines Spiels auf Deutsch (Project Fluent). Dieselben
### IDs wie lang/en/kit.ftl; die Argumente sind Fakten aus dem Spiel und
### schon deutsch gesagte Wörter ($king, $side …).

## Listen

list-and = { $init } und { $last }
list-semicolon = { $init }; { $last }

## Das Deckblatt

cover-subtitle = Ein Spiel zum Ausdrucken und Spielen
cover-subtitle-edition = Ein Spiel zum Ausdrucken und Spielen · { $edition }
cover-making = So entsteht das Spiel
cover-board-map = Plan des Brettes
cover-board-whole = Das Brett: aus einem Stück
cover-settings = Einstellungen
cover-scale-check = Maßstab prüfen
cover-scale-bar = 50 mm
cover-scale-inch = 1 Zoll
cover-sheets = Dieses Spiel braucht { $card ->
        [one] einen Bogen Karton
       *[other] { WORDS($card) } Bogen Karton
    } und { $paper ->
        [one] einen Bogen Papier
       *[other] { WORDS($paper) } Bogen Papier
    }{ $sticker ->
        [0] {""}
        [one] , dazu einen Etikettenbogen
       *[other] , dazu { WORDS($sticker) } Etikettenbogen
    }.
cover-pages = { $span ->
        [0] Seite { $first }
        [1] Seiten { $first } und { $last }
       *[other] Seiten { $first } bis { $last }
    }
cover-sheet-nothing = nichts
cover-page-has = Seite { $page } enthält { $what }
cover-step-scale = In Originalgröße drucken (100 %, nicht „An Seite anpassen“), dann den 50-mm-Balken und das Zollquadrat unten auf dieser Seite mit einem Lineal nachmessen. Diese Seite kann auf gewöhnliches Papier gedruckt werden, auch schwarzweiß.
cover-step-card = { $count ->
        [one] Für den Kartonbogen Karton nehmen, so dick, wie der Drucker ihn verarbeitet, oder Papier, das danach auf Karton geklebt wird.
       *[other] Für die Kartonbogen Karton nehmen, so dick, wie der Drucker ihn verarbeitet, oder Papier, das danach auf Karton geklebt wird.
    } { $contents }.
cover-step-laminate = Zum Laminieren die bedruckten Bogen vor dem Schneiden in gute Folientaschen legen (billige haften nur an den Rändern). Zum Aufkleben den Klebstoff dünn auf die ganze Rückseite streichen, das Papier auf den Karton drücken und unter einem Buch flach trocknen lassen.
cover-cut-square = die eckigen Steine teilen sich ihre Schnittlinien, sodass eine Papierschneidemaschine eine ganze Reihe auf einmal schneidet
cover-cut-disc = die runden Steine mit der Schere ausschneiden und dabei den Karton drehen, nicht die Schere. Auf Holzscheiben in den Größen unter Einstellungen geklebt, stehen sie fester auf dem Brett
cover-cut-shield = bei den Schilden zuerst die geraden Oberkanten schneiden, dann die Rundungen
cover-cut-stickers = die Steine sind als Etiketten auf eigenen Bogen gedruckt
cover-step-cut = An den dünnen grauen Linien mit Cutter und Metalllineal schneiden; { $cut }.
cover-step-sections = Die { WORDS($count) } Teile des Brettes so auslegen, wie der Plan unten zeigt. Kanten mit derselben Marke gehören zusammen (A1 an A1), sodass das Brett nur auf eine Weise passt. Die Fugen von unten mit Klebeband verbinden oder die Teile auf eine Unterlage kleben.
cover-step-stickers = Vor dem Druck der Etikettenbogen ({ $pages }) diese einmal auf gewöhnliches Papier drucken und gegen einen Etikettenbogen halten, um zu prüfen, ob die Kreise auf den Etiketten liegen. Die Kreise ausschneiden und auf Holzscheiben kleben: { $king-mm } mm für { $king }, { $piece-mm } mm für die anderen.
cover-fold-one = In der Mitte falten: Das ist das Regelheft.
cover-fold-many = Die Bogen aufeinanderlegen, Bogen 1 (mit „{ $mark }“ markiert) außen, und gemeinsam in der Mitte falten: Das ist das Regelheft.
cover-step-leaflet = Das Regelheft ({ $pages }): Ein kleiner Pfeil im oberen Rand jeder Seite zeigt nach oben. Zeigen die Pfeile der beiden Seiten eines Bogens zu entgegengesetzten Kanten, den Bogen mit der anderen Einstellung noch einmal drucken. { $fold }
cover-job-long = beidseitig, an der langen Kante gespiegelt
cover-job-short = beidseitig, an der kurzen Kante gespiegelt
cover-job-one-sided = einseitig
cover-job-cover = das Deckblatt
cover-job-card = { $count ->
        [one] der Kartonbogen
       *[other] die Kartonbogen
    }
cover-job-stickers = { $count ->
        [one] der Etikettenbogen
       *[other] die Etikettenbogen
    }
cover-job-leaflet = das Regelheft
cover-job = **{ $pages }** ({ $what }) auf { $stock }, { $sided }
cover-step-jobs = Das Spiel in { WORDS($count) } Druckaufträgen drucken, jeder mit eigener Druckereinstellung: { $jobs }.
cover-extra-first = { $what } auf { $pages } des gefalteten Regelhefts
cover-extra-next = { $what } auf { $pages }
# $which: puzzles, record oder both (wofür die Regeln im Regelheft keinen Platz lassen).
cover-extras-left-out = { $which ->
        [puzzles] Die Regeln füllen das ganze Regelheft, deshalb fehlen die Aufgaben. Sie passen auf einen weiteren Bogen des Regelhefts, den hinzufügen kann, wer das Spiel anfertigt.
        [record] Die Regeln füllen das ganze Regelheft, deshalb fehlt das Partieformular. Es passt auf einen weiteren Bogen des Regelhefts, den hinzufügen kann, wer das Spiel anfertigt.
       *[both] Die Regeln füllen das ganze Regelheft, deshalb fehlen die Aufgaben und das Partieformular. Sie passen auf einen weiteren Bogen des Regelhefts, den hinzufügen kann, wer das Spiel anfertigt.
    }
## Die Einstellungstabelle des Deckblatts

setting-variant = Variante
setting-first-move = Erster Zug
setting-theme = Thema
setting-paper = Papier
setting-squares = Felder
setting-pieces = Steine
setting-duplex = Beidseitig
setting-printer = Drucker
setting-discs = Holzscheiben
setting-turn-marker = Zugmarker
setting-spares = Ersatzsteine
setting-sides = Seiten
setting-options = Zusatzregeln
setting-extras = Auch im Regelheft
setting-first-because = { $side } ({ $because })
setting-squares-value = { $square } mm (Brett { $across } mm breit)
setting-pieces-value = { $shape }, { $king } { $king-mm } mm, andere { $piece-mm } mm
setting-duplex-long = lange Kante
setting-duplex-short = kurze Kante
setting-printer-mono = schwarzweiß
setting-printer-colour = farbig
setting-discs-one = { $count } × { $mm } mm
setting-discs-two = { $kings } × { $king-mm } mm, { $others } × { $piece-mm } mm
setting-turn-marker-value = 1 × { $mm } mm (auf der Zugleiste des Brettes)
setting-sides-bid = werden ersteigert; eine Münze bestimmt, wer zuerst bietet
setting-spares-value = { $count } je Seite

## Wie die Dinge heißen

shape-discs = Scheiben
shape-shields = Schilde
shape-squares = eckige Steine
stock-paper = Papier
stock-card = Karton
stock-sticker-paper = Etikettenpapier
paper-a4 = A4
paper-letter = US Letter
paper-a3 = A3
paper-tabloid = US Tabloid
option-berserker = Berserker
option-shield-wall = Schildwall
option-skilled-play = Meisterspiel
edition-rules = nach den Regeln von { $variant }
edition-theme = Ausgabe { $theme }

## Was ein Kartonbogen enthält, für das Deckblatt

part-board-section = Brettteil { $labels }
part-board-whole = das ganze Brett aus einem Stück
part-board-sections = Brettteile { $labels }
part-turn-marker = den Zugmarker
part-puzzles = Aufgaben
part-record-sheet = Partieformular
part-record-sheets = { $count ->
        [one] Partieformular
       *[other] { WORDS($count) } Partieformulare
    }
part-other = Seiten
part-reminder-cards = { $count ->
        [one] eine Spielhilfekarte
       *[other] { WORDS($count) } Spielhilfekarten
    }

## Beschriftungen auf den Teilen

board-glue-under = unter { $section } kleben
marker-word = ZUG
card-continued = Fortsetzung auf der Rückseite ({ $part } von { $count })
card-back = Rückseite ({ $part } von { $count }): an den Strichen falten und kleben
sticker-note = Etikettenbogen: zuerst auf gewöhnliches Papier drucken und gegen den Etikettenbogen halten, um zu prüfen, ob die Kreise passen.
turn-track-title = Zugleiste.
turn-track-text = Meisterspiel: Der Marker zeigt, beim wievielten Zug { $defenders } sind. Er beginnt auf 1 und rückt jedes Mal ein Feld weiter, wenn sie gezogen haben.

## Das Regelheft

leaflet-how-to-play = So wird gespielt
leaflet-how-to-play-edition = So wird gespielt · { $edition }
figure-label = Abbildung { $number }.
figure-ref = Abbildung { $number }
figure-last-turn = Letzter Zug
figure-before = Vorher
figure-after = Nachher
figure-this-turn = Dieser Zug
flip-out = außen
flip-in = innen
flip-sheet-out = { $sheet } außen
flip-sheet-in = { $sheet } innen

## Aufgaben und Partieformular

puzzles-title = Aufgaben
puzzles-intro = Jede Stellung stammt aus einer Partie, die der Computer gegen sich selbst gespielt hat. Die genannte Seite ist am Zug und gewinnt in der angegebenen Zahl von Zügen, was die andere Seite auch antwortet: Die Regel-Engine hat jede Verteidigung durchprobiert. Ein Zug wird von Feld zu Feld geschrieben, etwa e1-e4. Die Lösungen stehen kopfüber unten auf der Seite, die Antworten der anderen Seite in Klammern; gezählt werden nur die Züge des Siegers.
puzzles-window = Zeigt ein Diagramm nur einen Teil des Brettes, sind die weggelassenen Felder leer.
puzzles-answers = Lösungen.
puzzle-caption = { $number }. { $side } am Zug gewinnen in { $moves ->
        [one] einem Zug
       *[other] { $moves } Zügen
    }.
puzzle-any-reply = jede Antwort
# A reply shown as one of several the loser could make, each beaten by its own answer ($reply: its moves).
puzzle-example-reply = zum Beispiel { $reply }
# The loser's reply between two of the winner's moves in a printed answer ($reply: the move itself, "any reply" or "for instance" and a move): "c3-c1 (a5-a6), b5-a5".
puzzle-reply = ({ $reply })
turn-pass = passe
record-title = Partieformular
record-date = Datum
record-winner = Sieger
record-key = Jeden Zug als das Feld notieren, das der Stein verlässt, und das Feld, das er erreicht, gelesen an den Buchstaben und Zahlen rund um das Brett: e1-e4. Hinter einen Zug, der schlägt, ein x setzen. { $side } ziehen zuerst.

## Eine notierte Partie als Diagramme gedruckt (taflkit record)

game-player = { $side }: { $name }
game-start = Die Ausgangsstellung
game-after = Nach dem { $number }. Zug
game-won = { $how ->
        [captured] { $side } haben gewonnen: { $king } wurde gefangen genommen.
        [escaped] { $side } haben gewonnen: { $king } ist entkommen.
        [encircled] { $side } haben gewonnen, weil sie alle Verteidiger eingeschlossen haben.
        [resigned] { $side } haben gewonnen: Die andere Seite hat aufgegeben.
       *[other] { $side } haben gewonnen.
    }
game-drawn = Die Partie endete remis.
game-unfinished = Das Partieformular endet, bevor die Partie zu Ende ist.

## PDF-Metadaten

pdf-title = { $title } – Spiel zum Ausdrucken und Spielen
pdf-subject = { $variant } im Thema { $theme }: Deckblatt, Brett, Steine, Spielhilfekarten und Regelheft
