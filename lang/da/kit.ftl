### Spillets korte tekster på dansk (Project Fluent). Samme id'er som
### lang/en/kit.ftl; argumenterne er fakta fra spillet og ord, der allerede
### er sagt på dansk ($king, $side …).

## Lister

list-and = { $init } og { $last }
list-semicolon = { $init }; { $last }

## Forsiden

cover-subtitle = Et spil til at udskrive og spille
cover-subtitle-edition = Et spil til at udskrive og spille · { $edition }
cover-making = Sådan laver du spillet
cover-board-map = Kort over brættet
cover-board-whole = Brættet: i ét stykke
cover-settings = Indstillinger
cover-scale-check = Tjek målestokken
cover-scale-bar = 50 mm
cover-scale-inch = 1 tomme
cover-sheets = Til spillet skal du bruge { $card ->
        [one] ét ark karton
       *[other] { WORDS($card) } ark karton
    } og { $paper ->
        [one] ét ark papir
       *[other] { WORDS($paper) } ark papir
    }{ $sticker ->
        [0] {""}
        [one] , og desuden ét ark klistermærker
       *[other] , og desuden { WORDS($sticker) } ark klistermærker
    }.
cover-pages = { $span ->
        [0] side { $first }
        [1] side { $first } og { $last }
       *[other] side { $first } til { $last }
    }
cover-sheet-nothing = intet
cover-page-has = side { $page } har { $what }
cover-step-scale = Udskriv i fuld størrelse (100 %, ikke »tilpas til siden«), og mål derefter 50 mm-stregen og kvadratet på 1 tomme nederst på denne side med en lineal. Denne side kan sagtens udskrives på almindeligt papir i sort-hvid.
cover-step-card = { $count ->
        [one] Til kartonarket bruger du karton så tyk, som printeren kan tage, eller papir, som du bagefter limer på karton.
       *[other] Til kartonarkene bruger du karton så tyk, som printeren kan tage, eller papir, som du bagefter limer på karton.
    } { $contents }.
cover-step-laminate = Vil du laminere, lægger du de udskrevne ark i gode lamineringslommer (billige hæfter kun langs kanterne), før du klipper. Vil du lime, smører du limen tyndt ud over hele bagsiden, trykker papiret mod kartonen og lader det tørre fladt under en bog.
cover-cut-square = de firkantede brikker deler skærelinjer, så en papirskærer tager en hel række ad gangen
cover-cut-disc = klip de runde brikker ud med saks, og drej kartonen i stedet for saksen. Limet på træskiver i størrelserne under Indstillinger står de mere stabilt på brættet
cover-cut-shield = skær skjoldenes lige overkanter først, derefter buerne
cover-cut-stickers = brikkerne er trykt som klistermærker, på egne ark
cover-step-cut = Skær langs de tynde grå linjer med hobbykniv og stållineal; { $cut }.
cover-step-sections = Læg brættets { WORDS($count) } dele, som kortet nedenfor viser. Kanter med samme mærke hører sammen (A1 mod A1), så brættet kun kan samles på én måde. Tape samlingerne på undersiden, eller lim delene på en bundplade.
cover-step-stickers = Før du udskriver klistermærkearkene ({ $pages }), udskriver du dem én gang på almindeligt papir og holder det op mod et ark klistermærker for at se, at cirklerne rammer mærkerne. Klip cirklerne ud, og sæt dem på træskiver: { $king-mm } mm til { $king }, { $piece-mm } mm til de andre.
cover-fold-one = Fold det på midten, så har du regelhæftet.
cover-fold-many = Læg arkene oven på hinanden med ark 1 (mærket »{ $mark }«) yderst, og fold dem på midten sammen, så har du regelhæftet.
cover-step-leaflet = Regelhæftet ({ $pages }): en lille pil i topmargenen på hver side peger opad. Peger pilene på et arks to sider mod hver sin kant, udskriver du arket igen med den anden vending. { $fold }
cover-job-long = dobbeltsidet, vend på den lange kant
cover-job-short = dobbeltsidet, vend på den korte kant
cover-job-one-sided = enkeltsidet
cover-job-cover = forsiden
cover-job-card = { $count ->
        [one] kartonarket
       *[other] kartonarkene
    }
cover-job-stickers = { $count ->
        [one] klistermærkearket
       *[other] klistermærkearkene
    }
cover-job-leaflet = regelhæftet
cover-job = **{ $pages }** ({ $what }) på { $stock }, { $sided }
cover-step-jobs = Udskriv spillet i { WORDS($count) } omgange, hver med sin egen printerindstilling: { $jobs }.
cover-extra-first = { $what } på { $pages } i det foldede hæfte
cover-extra-next = { $what } på { $pages }
# $which: puzzles, record eller both (det, reglerne ikke gav plads til i hæftet).
cover-extras-left-out = { $which ->
        [puzzles] Reglerne fylder hele hæftet, så der var ikke plads til opgaverne. De kan være på ét ark mere i hæftet, og det kan den, der laver spillet, tilføje.
        [record] Reglerne fylder hele hæftet, så der var ikke plads til partiskemaet. Det kan være på ét ark mere i hæftet, og det kan den, der laver spillet, tilføje.
       *[both] Reglerne fylder hele hæftet, så der var ikke plads til opgaverne og partiskemaet. De kan være på ét ark mere i hæftet, og det kan den, der laver spillet, tilføje.
    }
## Forsidens indstillingstabel

setting-variant = Variant
setting-first-move = Første træk
setting-theme = Tema
setting-paper = Papir
setting-squares = Felter
setting-pieces = Brikker
setting-duplex = Dobbeltsidet
setting-printer = Printer
setting-discs = Træskiver
setting-turn-marker = Turmarkør
setting-spares = Reservebrikker
setting-sides = Sider
setting-options = Valgfrie regler
setting-extras = Også i hæftet
setting-first-because = { $side } ({ $because })
setting-squares-value = { $square } mm (brættet er { $across } mm bredt)
setting-pieces-value = { $shape }, { $king } { $king-mm } mm, de andre { $piece-mm } mm
setting-duplex-long = den lange kant
setting-duplex-short = den korte kant
setting-printer-mono = sort-hvid
setting-printer-colour = farver
setting-discs-one = { $count } × { $mm } mm
setting-discs-two = { $kings } × { $king-mm } mm, { $others } × { $piece-mm } mm
setting-turn-marker-value = 1 × { $mm } mm (på brættets turtæller)
setting-sides-bid = bydes om; plat og krone afgør, hvem der byder først
setting-spares-value = { $count } til hver side

## Hvad tingene hedder

shape-discs = runde skiver
shape-shields = skjolde
shape-squares = firkantede brikker
stock-paper = papir
stock-card = karton
stock-sticker-paper = klistermærkeark
paper-a4 = A4
paper-letter = US Letter
paper-a3 = A3
paper-tabloid = US Tabloid
option-berserker = bersærk
option-shield-wall = skjoldborg
option-skilled-play = mesterspil
edition-rules = efter reglerne for { $variant }
edition-theme = { $theme }-udgaven

## Hvad et kartonark har, til forsiden

part-board-section = brætdel { $labels }
part-board-whole = hele brættet i ét stykke
part-board-sections = brætdelene { $labels }
part-turn-marker = turmarkøren
part-puzzles = opgaver
part-record-sheet = partiskema
part-record-sheets = { $count ->
        [one] partiskema
       *[other] { WORDS($count) } partiskemaer
    }
part-other = sider
part-reminder-cards = { $count ->
        [one] ét regelkort
       *[other] { WORDS($count) } regelkort
    }

## Mærker på delene

board-glue-under = lim under { $section }
marker-word = TUR
card-continued = Fortsætter på bagsiden ({ $part } af { $count })
card-back = Bagsiden ({ $part } af { $count }): fold langs stiplerne og lim
sticker-note = Klistermærkeark: udskriv først på almindeligt papir, og hold det op mod klistermærkearket for at se, at cirklerne rammer.
turn-track-title = Turtæller.
turn-track-text = Mesterspil: markøren viser, hvilken tur { $defenders } er nået til. Den starter på 1 og rykker ét felt frem, hver gang de har trukket.

## Regelhæftet

leaflet-how-to-play = Sådan spiller man
leaflet-how-to-play-edition = Sådan spiller man · { $edition }
figure-label = Figur { $number }.
figure-ref = figur { $number }
figure-last-turn = Forrige tur
figure-before = Før
figure-after = Efter
figure-this-turn = Denne tur
flip-out = ud
flip-in = ind
flip-sheet-out = { $sheet } ud
flip-sheet-in = { $sheet } ind

## Opgaver og partiskema

puzzles-title = Opgaver
puzzles-intro = Hver stilling stammer fra et parti, som computeren spillede mod sig selv. Den nævnte side er i trækket og vinder i det angivne antal træk, uanset hvad modparten svarer: regelmotoren har prøvet hvert eneste forsvar. Et træk skrives fra felt til felt, som e1-e4. Løsningerne står på hovedet nederst på siden, med modpartens svar i parentes; kun vinderens træk tælles.
puzzles-window = Viser et diagram kun en del af brættet, er de felter, der ikke er med, tomme.
puzzles-answers = Løsninger.
puzzle-caption = { $number }. { $side } trækker og vinder i { $moves } træk.
puzzle-any-reply = ethvert svar
# A reply shown as one of several the loser could make, each beaten by its own answer ($reply: its moves).
puzzle-example-reply = for eksempel { $reply }
# The loser's reply between two of the winner's moves in a printed answer ($reply: the move itself, "any reply" or "for instance" and a move): "c3-c1 (a5-a6), b5-a5".
puzzle-reply = ({ $reply })
turn-pass = pas
record-title = Partiskema
record-date = Dato
record-winner = Vinder
record-key = Skriv hvert træk som det felt, brikken forlader, og det felt, den når, aflæst på bogstaverne og tallene rundt om brættet: e1-e4. Sæt x efter et træk, der slår. { $side } trækker først.

## Et noteret parti udskrevet som diagrammer (taflkit record)

game-player = { $side }: { $name }
game-start = Udgangsstillingen
game-after = Efter træk { $number }
game-won = { $how ->
        [captured] { $side } vandt: { $king } blev fanget.
        [escaped] { $side } vandt: { $king } slap væk.
        [encircled] { $side } vandt ved at omringe alle forsvarerne.
        [resigned] { $side } vandt: modstanderen opgav.
       *[other] { $side } vandt.
    }
game-drawn = Partiet endte remis.
game-unfinished = Partiskemaet slutter, før partiet er forbi.

## PDF-metadata

pdf-title = { $title } – spil til at udskrive og spille
pdf-subject = { $variant } med temaet { $theme }: forside, bræt, brikker, regelkort og regelhæfte
