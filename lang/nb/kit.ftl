### Spillets korte meldinger på norsk bokmål (Project Fluent). Samme id-er
### som lang/en/kit.ftl; argumentene er fakta fra spillet, og ord som
### allerede står på bokmål ($king, $side …).

## Lister

list-and = { $init } og { $last }
list-semicolon = { $init }; { $last }

## Forsiden

cover-subtitle = Et spill til å skrive ut og spille
cover-subtitle-edition = Et spill til å skrive ut og spille · { $edition }
cover-making = Slik lager du spillet
cover-board-map = Kart over brettet
cover-board-whole = Brettet: i ett stykke
cover-settings = Innstillinger
cover-scale-check = Kontroll av målestokken
cover-scale-bar = 50 mm
cover-scale-inch = 1 tomme
cover-sheets = Til spillet trenger du { $card ->
        [one] ett ark kartong
       *[other] { WORDS($card) } ark kartong
    } og { $paper ->
        [one] ett ark papir
       *[other] { WORDS($paper) } ark papir
    }{ $sticker ->
        [0] {""}
        [one] , og i tillegg ett ark med klistremerker
       *[other] , og i tillegg { WORDS($sticker) } ark med klistremerker
    }.
cover-pages = { $span ->
        [0] side { $first }
        [1] side { $first } og { $last }
       *[other] side { $first } til { $last }
    }
cover-sheet-nothing = ingenting
cover-page-has = side { $page } har { $what }
cover-step-scale = Skriv ut i full størrelse (100 %, ikke «tilpass til siden»), og mål deretter 50 mm-streken og kvadratet på 1 tomme nederst på denne siden med en linjal. Denne siden kan gjerne skrives ut på vanlig papir i svart-hvitt.
cover-step-card = { $count ->
        [one] Til kartongarket bruker du kartong så tykk som skriveren tar, eller papir som du limer på kartong etterpå.
       *[other] Til kartongarkene bruker du kartong så tykk som skriveren tar, eller papir som du limer på kartong etterpå.
    } { $contents }.
cover-step-laminate = Vil du laminere, legger du de utskrevne arkene i gode lamineringslommer (billige lommer fester bare langs kantene) før du klipper. Vil du lime, stryker du limet tynt over hele baksiden, presser papiret mot kartongen og lar det tørke flatt under en bok.
cover-cut-square = de firkantede brikkene deler skjærelinjer, så en papirkutter tar en hel rad om gangen
cover-cut-disc = klipp ut de runde brikkene med saks, og vri kartongen i stedet for saksen. Limt på treskiver i størrelsene under Innstillinger står de stødigere på brettet
cover-cut-shield = skjær de rette toppkantene på skjoldene først, deretter buene
cover-cut-stickers = brikkene er trykt som klistremerker, på egne ark
cover-step-cut = Skjær langs de tynne grå linjene med hobbykniv og stållinjal; { $cut }.
cover-step-sections = Legg de { WORDS($count) } delene av brettet slik kartet nedenfor viser. Kanter med samme merke hører sammen (A1 mot A1), så brettet kan bare settes sammen på én måte. Teip skjøtene på undersiden, eller lim delene på en bunnplate.
cover-step-stickers = Før du skriver ut klistremerkearkene ({ $pages }), skriver du dem ut én gang på vanlig papir og holder arket mot et ark med klistremerker for å se at sirklene treffer merkene. Klipp ut sirklene og fest dem på treskiver: { $king-mm } mm til { $king }, { $piece-mm } mm til de andre.
cover-fold-one = Brett det på midten, så har du regelheftet.
cover-fold-many = Legg arkene oppå hverandre med ark 1 (merket «{ $mark }») ytterst, og brett dem på midten sammen, så har du regelheftet.
cover-step-leaflet = Regelheftet ({ $pages }): en liten pil i toppmargen på hver side peker opp. Står pilene på de to sidene av et ark mot hver sin kant, skriver du arket ut på nytt med den andre vendingen. { $fold }
cover-job-long = tosidig, vend på langsiden
cover-job-short = tosidig, vend på kortsiden
cover-job-one-sided = enkeltsidig
cover-job-cover = forsiden
cover-job-card = { $count ->
        [one] kartongarket
       *[other] kartongarkene
    }
cover-job-stickers = { $count ->
        [one] klistremerkearket
       *[other] klistremerkearkene
    }
cover-job-leaflet = regelheftet
cover-job = **{ $pages }** ({ $what }) på { $stock }, { $sided }
cover-step-jobs = Skriv ut spillet i { WORDS($count) } omganger, hver med sin egen skriverinnstilling: { $jobs }.
cover-extra-first = { $what } på { $pages } i det brettede heftet
cover-extra-next = { $what } på { $pages }
# $which: puzzles, record eller both (det reglene ikke ga plass til i heftet).
cover-extras-left-out = { $which ->
        [puzzles] Reglene fyller hele heftet, så oppgavene fikk ikke plass. De får plass på ett ark til i heftet, og det kan den som lager spillet, legge til.
        [record] Reglene fyller hele heftet, så partiskjemaet fikk ikke plass. Det får plass på ett ark til i heftet, og det kan den som lager spillet, legge til.
       *[both] Reglene fyller hele heftet, så oppgavene og partiskjemaet fikk ikke plass. De får plass på ett ark til i heftet, og det kan den som lager spillet, legge til.
    }
## Innstillingstabellen på forsiden

setting-variant = Variant
setting-first-move = Første trekk
setting-theme = Tema
setting-paper = Papir
setting-squares = Ruter
setting-pieces = Brikker
setting-duplex = Tosidig
setting-printer = Skriver
setting-discs = Treskiver
setting-turn-marker = Turmarkør
setting-spares = Reservebrikker
setting-sides = Sider
setting-options = Valgfrie regler
setting-extras = Også i heftet
setting-first-because = { $side } ({ $because })
setting-squares-value = { $square } mm (brettet er { $across } mm bredt)
setting-pieces-value = { $shape }, { $king } { $king-mm } mm, de andre { $piece-mm } mm
setting-duplex-long = langsiden
setting-duplex-short = kortsiden
setting-printer-mono = svart-hvitt
setting-printer-colour = farger
setting-discs-one = { $count } × { $mm } mm
setting-discs-two = { $kings } × { $king-mm } mm, { $others } × { $piece-mm } mm
setting-turn-marker-value = 1 × { $mm } mm (på brettets turteller)
setting-sides-bid = bys om; kast mynt om hvem som byr først
setting-spares-value = { $count } til hver side

## Hva ting heter

shape-discs = runde skiver
shape-shields = skjold
shape-squares = firkantede brikker
stock-paper = papir
stock-card = kartong
stock-sticker-paper = klistremerkeark
paper-a4 = A4
paper-letter = US Letter
paper-a3 = A3
paper-tabloid = US Tabloid
option-berserker = berserk
option-shield-wall = skjoldborg
option-skilled-play = mesterspill
edition-rules = etter reglene for { $variant }
edition-theme = { $theme }-utgaven

## Hva et kartongark har, til forsiden

part-board-section = brettdel { $labels }
part-board-whole = hele brettet i ett stykke
part-board-sections = brettdelene { $labels }
part-turn-marker = turmarkøren
part-puzzles = oppgaver
part-record-sheet = partiskjema
part-record-sheets = { $count ->
        [one] partiskjema
       *[other] { WORDS($count) } partiskjemaer
    }
part-other = sider
part-reminder-cards = { $count ->
        [one] ett regelkort
       *[other] { WORDS($count) } regelkort
    }

## Merker på delene

board-glue-under = lim under { $section }
marker-word = TUR
card-continued = Fortsetter på baksiden ({ $part } av { $count })
card-back = Baksiden ({ $part } av { $count }): brett langs stiplene og lim
sticker-note = Klistremerkeark: skriv ut på vanlig papir først og hold arket mot klistremerkearket for å se at sirklene treffer.
turn-track-title = Turteller.
turn-track-text = Mesterspill: markøren viser hvilken tur { $defenders } er kommet til. Den starter på 1 og flyttes én rute fram hver gang de har gjort et trekk.

## Regelheftet

leaflet-how-to-play = Slik spiller du
leaflet-how-to-play-edition = Slik spiller du · { $edition }
figure-label = Figur { $number }.
figure-ref = figur { $number }
figure-last-turn = Forrige tur
figure-before = Før
figure-after = Etter
figure-this-turn = Denne turen
flip-out = ut
flip-in = inn
flip-sheet-out = { $sheet } ut
flip-sheet-in = { $sheet } inn

## Oppgaver og partiskjema

puzzles-title = Oppgaver
puzzles-intro = Hver stilling er hentet fra et parti datamaskinen spilte mot seg selv. Siden som er nevnt, er i trekket og vinner på det oppgitte antallet trekk, uansett hva motparten svarer: regelmotoren har prøvd hvert eneste forsvar. Et trekk skrives fra rute til rute, som e1-e4. Løsningene står opp ned nederst på siden, med motpartens svar i parentes; bare vinnerens trekk telles.
puzzles-window = Viser et diagram bare en del av brettet, er rutene som er utelatt, tomme.
puzzles-answers = Løsninger.
puzzle-caption = { $number }. { $side } trekker og vinner i { $moves } trekk.
puzzle-any-reply = hvilket som helst svar
# A reply shown as one of several the loser could make, each beaten by its own answer ($reply: its moves).
puzzle-example-reply = for eksempel { $reply }
# The loser's reply between two of the winner's moves in a printed answer ($reply: the move itself, "any reply" or "for instance" and a move): "c3-c1 (a5-a6), b5-a5".
puzzle-reply = ({ $reply })
turn-pass = pass
record-title = Partiskjema
record-date = Dato
record-winner = Vinner
record-key = Skriv hvert trekk som ruten brikken forlater og ruten den kommer til, lest av bokstavene og tallene rundt brettet: e1-e4. Sett x etter et trekk som slår. { $side } trekker først.

## Et innspilt parti skrevet ut som diagrammer (taflkit record)

game-player = { $side }: { $name }
game-start = Utgangsstillingen
game-after = Etter trekk { $number }
game-won = { $how ->
        [captured] { $side } vant: { $king } ble fanget.
        [escaped] { $side } vant: { $king } slapp unna.
        [encircled] { $side } vant ved å omringe alle forsvarerne.
        [resigned] { $side } vant: den andre siden ga opp.
       *[other] { $side } vant.
    }
game-drawn = Partiet endte remis.
game-unfinished = Partiskjemaet slutter før partiet er over.

## PDF-metadata

pdf-title = { $title } – spill til å skrive ut og spille
pdf-subject = { $variant } med temaet { $theme }: forside, brett, brikker, regelkort og regelhefte
