### Les textes courts d'un kit, en français (Project Fluent). Les mêmes
### identifiants que lang/en/kit.ftl ; les arguments sont des faits du kit
### et des mots déjà dits en français ($king, $side …).

## Listes

list-and = { $init } et { $last }
list-semicolon = { $init } ; { $last }

## La couverture

cover-subtitle = Un jeu à imprimer et à jouer
cover-subtitle-edition = Un jeu à imprimer et à jouer · { $edition }
cover-making = Fabriquer le jeu
cover-board-map = Plan du plateau
cover-board-whole = Le plateau : d’une seule pièce
cover-settings = Réglages
cover-scale-check = Vérifier l’échelle
cover-scale-bar = 50 mm
cover-scale-inch = 1 pouce
cover-sheets = Pour ce jeu, il faut { $card ->
        [one] une feuille de carton
       *[other] { WORDS($card) } feuilles de carton
    } et { $paper ->
        [one] une feuille de papier
       *[other] { WORDS($paper) } feuilles de papier
    }{ $sticker ->
        [0] {""}
        [one] , plus une planche d’étiquettes
       *[other] , plus { WORDS($sticker) } planches d’étiquettes
    }.
cover-pages = { $span ->
        [0] la page { $first }
        [1] les pages { $first } et { $last }
       *[other] les pages { $first } à { $last }
    }
cover-sheet-nothing = rien
cover-page-has = la page { $page } porte { $what }
cover-step-scale = Imprimez en taille réelle (100 %, et non « ajuster à la page »), puis vérifiez à la règle la barre de 50 mm et le carré d’un pouce en bas de cette page. Cette page peut être imprimée sur du papier ordinaire, en noir et blanc.
cover-step-card = { $count ->
        [one] Pour la feuille de carton, prenez du carton aussi épais que votre imprimante l’accepte, ou du papier que vous collerez ensuite sur du carton.
       *[other] Pour les feuilles de carton, prenez du carton aussi épais que votre imprimante l’accepte, ou du papier que vous collerez ensuite sur du carton.
    } { $contents }.
cover-step-laminate = Pour plastifier, glissez les feuilles imprimées dans de bonnes pochettes (les moins chères ne collent qu’aux bords) avant de découper. Pour coller, étalez finement la colle sur tout le verso, pressez le papier sur le carton et laissez sécher à plat sous un livre.
cover-cut-square = les pièces carrées partagent leurs traits de coupe : un massicot coupe une rangée entière d’un coup
cover-cut-disc = découpez les pièces rondes aux ciseaux en tournant le carton plutôt que les ciseaux. Collées sur des rondelles de bois aux tailles indiquées dans les réglages, elles tiennent mieux sur le plateau
cover-cut-shield = coupez d’abord le haut droit des boucliers, puis les courbes
cover-cut-stickers = les pièces sont imprimées en étiquettes, sur des planches à part
cover-step-cut = Coupez le long des fins traits gris au cutter, contre une règle métallique ; { $cut }.
cover-step-sections = Disposez les { WORDS($count) } morceaux du plateau comme le montre le plan ci-dessous. Les bords qui portent la même marque vont ensemble (A1 contre A1) : le plateau ne s’assemble que d’une seule façon. Scotchez les jointures par-dessous ou collez les morceaux sur un support.
cover-step-stickers = Avant d’imprimer les planches d’étiquettes ({ $pages }), imprimez-les une fois sur du papier ordinaire et tenez la feuille contre une planche pour vérifier que les cercles tombent sur les étiquettes. Découpez les cercles et collez-les sur des rondelles de bois : { $king-mm } mm pour { $king }, { $piece-mm } mm pour les autres.
cover-fold-one = Pliez-la en deux : voici le livret de règles.
cover-fold-many = Empilez les feuilles, la feuille 1 (marquée « { $mark } ») à l’extérieur, puis pliez-les ensemble en deux : voici le livret de règles.
cover-step-leaflet = Le livret de règles ({ $pages }) : une petite flèche dans la marge du haut de chaque page indique le haut. Si les flèches des deux faces d’une feuille pointent vers des bords opposés, réimprimez cette feuille avec l’autre réglage. { $fold }
cover-job-long = recto verso, retourné sur le bord long
cover-job-short = recto verso, retourné sur le bord court
cover-job-one-sided = recto seul
cover-job-cover = la couverture
cover-job-card = { $count ->
        [one] la feuille de carton
       *[other] les feuilles de carton
    }
cover-job-stickers = { $count ->
        [one] la planche d’étiquettes
       *[other] les planches d’étiquettes
    }
cover-job-leaflet = le livret
cover-job = **{ $pages }** ({ $what }) sur { $stock }, { $sided }
cover-step-jobs = Imprimez le jeu en { WORDS($count) } fois, chacune avec son propre réglage : { $jobs }.
cover-extra-first = { $what } sur { $pages } du livret plié
cover-extra-next = { $what } sur { $pages }
# $which : puzzles, record ou both (ce que les règles n'ont pas laissé de place pour mettre dans le livret).
cover-extras-left-out = { $which ->
        [puzzles] Les règles remplissent tout le livret : les problèmes n’y ont pas trouvé place. Ils tiennent sur une feuille de livret de plus, que la personne qui fabrique le jeu peut ajouter.
        [record] Les règles remplissent tout le livret : la feuille de partie n’y a pas trouvé place. Elle tient sur une feuille de livret de plus, que la personne qui fabrique le jeu peut ajouter.
       *[both] Les règles remplissent tout le livret : les problèmes et la feuille de partie n’y ont pas trouvé place. Ils tiennent sur une feuille de livret de plus, que la personne qui fabrique le jeu peut ajouter.
    }
## Le tableau des réglages de la couverture

setting-variant = Variante
setting-first-move = Premier coup
setting-theme = Thème
setting-paper = Papier
setting-squares = Cases
setting-pieces = Pièces
setting-duplex = Recto verso
setting-printer = Imprimante
setting-discs = Rondelles de bois
setting-turn-marker = Marqueur de tour
setting-spares = Pièces de rechange
setting-sides = Camps
setting-options = Options
setting-extras = Aussi dans le livret
setting-first-because = { $side } ({ $because })
setting-squares-value = { $square } mm (plateau de { $across } mm de côté)
setting-pieces-value = { $shape }, { $king } { $king-mm } mm, les autres { $piece-mm } mm
setting-duplex-long = bord long
setting-duplex-short = bord court
setting-printer-mono = noir et blanc
setting-printer-colour = couleur
setting-discs-one = { $count } × { $mm } mm
setting-discs-two = { $kings } × { $king-mm } mm, { $others } × { $piece-mm } mm
setting-turn-marker-value = 1 × { $mm } mm (sur la piste des tours du plateau)
setting-sides-bid = aux enchères ; pile ou face décide qui enchérit en premier
setting-spares-value = { $count } par camp

## Le nom des choses

shape-discs = rondelles
shape-shields = boucliers
shape-squares = jetons carrés
stock-paper = papier
stock-card = carton
stock-sticker-paper = papier étiquettes
paper-a4 = A4
paper-letter = US Letter
paper-a3 = A3
paper-tabloid = US Tabloid
option-berserker = berserker
option-shield-wall = mur de boucliers
option-skilled-play = jeu d’expert
edition-rules = selon les règles du { $variant }
edition-theme = édition { $theme }

## Ce que porte une feuille de carton, pour la couverture

part-board-section = le morceau de plateau { $labels }
part-board-whole = le plateau d’une seule pièce
part-board-sections = les morceaux de plateau { $labels }
part-turn-marker = le marqueur de tour
part-puzzles = les problèmes
part-record-sheet = la feuille de partie
part-record-sheets = { $count ->
        [one] la feuille de partie
       *[other] { WORDS($count) } feuilles de partie
    }
part-other = des pages
part-reminder-cards = { $count ->
        [one] une carte mémo
       *[other] { WORDS($count) } cartes mémo
    }

## Les marques sur les pièces du kit

board-glue-under = coller sous { $section }
marker-word = TOUR
card-continued = Suite au verso ({ $part } sur { $count })
card-back = Verso ({ $part } sur { $count }) : plier suivant les pointillés et coller
sticker-note = Planche d’étiquettes : imprimez d’abord sur du papier ordinaire et tenez la feuille contre la planche pour vérifier que les cercles tombent juste.
turn-track-title = Piste des tours.
turn-track-text = Jeu d’expert : le marqueur indique à quel tour en sont { $defenders }. Il part de 1 et avance d’une case chaque fois qu’ils ont joué.

## Le livret

leaflet-how-to-play = Comment jouer
leaflet-how-to-play-edition = Comment jouer · { $edition }
figure-label = Figure { $number }.
figure-ref = figure { $number }
figure-last-turn = Tour précédent
figure-before = Avant
figure-after = Après
figure-this-turn = Ce tour
flip-out = ext.
flip-in = int.
flip-sheet-out = { $sheet } ext.
flip-sheet-in = { $sheet } int.

## Problèmes et feuille de partie

puzzles-title = Problèmes
puzzles-intro = Chaque position vient d’une partie que l’ordinateur a jouée contre lui-même. Le camp indiqué a le trait et gagne dans le nombre de coups donné, quelle que soit la réponse adverse : le moteur de règles a essayé toutes les défenses. Un coup s’écrit d’une case à l’autre, comme e1-e4. Les solutions sont tête en bas, au pied de la page, avec les réponses adverses entre parenthèses ; seuls les coups du gagnant comptent.
puzzles-window = Quand un diagramme ne montre qu’une partie du plateau, les cases qui n’y figurent pas sont vides.
puzzles-answers = Solutions.
puzzle-caption = { $number }. { $side } jouent et gagnent en { $moves ->
        [one] un coup
       *[other] { $moves } coups
    }.
puzzle-any-reply = toute réponse
# A reply shown as one of several the loser could make, each beaten by its own answer ($reply: its moves).
puzzle-example-reply = par exemple { $reply }
# The loser's reply between two of the winner's moves in a printed answer ($reply: the move itself, "any reply" or "for instance" and a move): "c3-c1 (a5-a6), b5-a5".
puzzle-reply = ({ $reply })
turn-pass = passe
record-title = Feuille de partie
record-date = Date
record-winner = Vainqueur
record-key = Notez chaque coup par la case que la pièce quitte et celle qu’elle atteint, lues sur les lettres et les chiffres autour du plateau : e1-e4. Ajoutez x après un coup qui prend. { $side } jouent en premier.

## Une partie notée, imprimée en diagrammes (taflkit record)

game-player = { $side } : { $name }
game-start = La position de départ
game-after = Après le coup { $number }
game-won = { $how ->
        [captured] { $side } ont gagné : { $king } a été pris.
        [escaped] { $side } ont gagné : { $king } s’est échappé.
        [encircled] { $side } ont gagné en encerclant tous les défenseurs.
        [resigned] { $side } ont gagné : l’autre camp a abandonné.
       *[other] { $side } ont gagné.
    }
game-drawn = La partie s’est terminée par une nulle.
game-unfinished = La feuille de partie s’arrête avant la fin de la partie.

## Métadonnées du PDF

pdf-title = { $title } – jeu à imprimer et à jouer
pdf-subject = { $variant } dans le thème { $theme } : couverture, plateau, pièces, cartes mémo et livret de règles
