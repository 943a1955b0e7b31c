### Spelets korta texter på svenska (Project Fluent). Samma id:n som
### lang/en/kit.ftl; argumenten är fakta från spelet och ord som redan är
### sagda på svenska ($king, $side …).

## Listor

list-and = { $init } och { $last }
list-semicolon = { $init }; { $last }

## Omslaget

cover-subtitle = Ett spel att skriva ut och spela
cover-subtitle-edition = Ett spel att skriva ut och spela · { $edition }
cover-making = Så bygger du spelet
cover-board-map = Karta över brädet
cover-board-whole = Brädet: i ett stycke
cover-settings = Inställningar
cover-scale-check = Kontrollera skalan
cover-scale-bar = 50 mm
cover-scale-inch = 1 tum
cover-sheets = Spelet kräver { $card ->
        [one] ett ark kartong
       *[other] { WORDS($card) } ark kartong
    } och { $paper ->
        [one] ett ark papper
       *[other] { WORDS($paper) } ark papper
    }{ $sticker ->
        [0] {""}
        [one] , och dessutom ett etikettark
       *[other] , och dessutom { WORDS($sticker) } etikettark
    }.
cover-pages = { $span ->
        [0] sidan { $first }
        [1] sidorna { $first } och { $last }
       *[other] sidorna { $first } till { $last }
    }
cover-sheet-nothing = ingenting
cover-page-has = sidan { $page } har { $what }
cover-step-scale = Skriv ut i verklig storlek (100 %, inte ”anpassa till sidan”) och mät sedan 50 mm-strecket och tumkvadraten längst ner på den här sidan med en linjal. Den här sidan kan skrivas ut på vanligt papper i svartvitt.
cover-step-card = { $count ->
        [one] Till kartongarket tar du kartong så tjock som skrivaren klarar, eller papper som du sedan klistrar på kartong.
       *[other] Till kartongarken tar du kartong så tjock som skrivaren klarar, eller papper som du sedan klistrar på kartong.
    } { $contents }.
cover-step-laminate = Vill du laminera lägger du de utskrivna arken i bra lamineringsfickor (billiga fäster bara längs kanterna) innan du klipper. Vill du klistra stryker du ut limmet tunt över hela baksidan, trycker papperet mot kartongen och låter det torka plant under en bok.
cover-cut-square = de fyrkantiga pjäserna delar skärlinjer, så en pappersskärare tar en hel rad i taget
cover-cut-disc = klipp ut de runda pjäserna med sax och vrid kartongen i stället för saxen. Limmade på träbrickor i storlekarna under Inställningar står de stadigare på brädet
cover-cut-shield = skär sköldarnas raka överkanter först, sedan rundningarna
cover-cut-stickers = pjäserna är tryckta som etiketter, på egna ark
cover-step-cut = Skär längs de tunna grå linjerna med hobbykniv och stållinjal; { $cut }.
cover-step-sections = Lägg brädets { WORDS($count) } delar som kartan nedan visar. Kanter med samma märke hör ihop (A1 mot A1), så brädet kan bara sättas ihop på ett sätt. Tejpa skarvarna på undersidan eller klistra delarna på en underlagsskiva.
cover-step-stickers = Innan du skriver ut etikettarken ({ $pages }) skriver du ut dem en gång på vanligt papper och håller det mot ett etikettark för att se att cirklarna hamnar på etiketterna. Klipp ut cirklarna och sätt dem på träbrickor: { $king-mm } mm för { $king }, { $piece-mm } mm för de andra.
cover-fold-one = Vik det på mitten, så har du regelhäftet.
cover-fold-many = Lägg arken på varandra med ark 1 (märkt ”{ $mark }”) ytterst och vik dem på mitten tillsammans, så har du regelhäftet.
cover-step-leaflet = Regelhäftet ({ $pages }): en liten pil i övre marginalen på varje sida pekar uppåt. Pekar pilarna på ett arks två sidor mot motsatta kanter skriver du ut arket igen med den andra vändningen. { $fold }
cover-job-long = dubbelsidigt, vänd längs långsidan
cover-job-short = dubbelsidigt, vänd längs kortsidan
cover-job-one-sided = enkelsidigt
cover-job-cover = omslaget
cover-job-card = { $count ->
        [one] kartongarket
       *[other] kartongarken
    }
cover-job-stickers = { $count ->
        [one] etikettarket
       *[other] etikettarken
    }
cover-job-leaflet = regelhäftet
cover-job = **{ $pages }** ({ $what }) på { $stock }, { $sided }
cover-step-jobs = Skriv ut spelet i { WORDS($count) } omgångar, var och en med sin egen skrivarinställning: { $jobs }.
cover-extra-first = { $what } på { $pages } i det vikta häftet
cover-extra-next = { $what } på { $pages }
# $which: puzzles, record eller both (det som reglerna inte lämnade plats för i häftet).
cover-extras-left-out = { $which ->
        [puzzles] Reglerna fyller hela häftet, så problemen fick inte plats. De ryms på ett ark till i häftet, och det kan den som tillverkar spelet lägga till.
        [record] Reglerna fyller hela häftet, så protokollbladet fick inte plats. Det ryms på ett ark till i häftet, och det kan den som tillverkar spelet lägga till.
       *[both] Reglerna fyller hela häftet, så problemen och protokollbladet fick inte plats. De ryms på ett ark till i häftet, och det kan den som tillverkar spelet lägga till.
    }
## Omslagets inställningstabell

setting-variant = Variant
setting-first-move = Första drag
setting-theme = Tema
setting-paper = Papper
setting-squares = Rutor
setting-pieces = Pjäser
setting-duplex = Dubbelsidigt
setting-printer = Skrivare
setting-discs = Träbrickor
setting-turn-marker = Dragmarkör
setting-spares = Reservpjäser
setting-sides = Sidor
setting-options = Valfria regler
setting-extras = Också i häftet
setting-first-because = { $side } ({ $because })
setting-squares-value = { $square } mm (brädet är { $across } mm brett)
setting-pieces-value = { $shape }, { $king } { $king-mm } mm, övriga { $piece-mm } mm
setting-duplex-long = långsidan
setting-duplex-short = kortsidan
setting-printer-mono = svartvitt
setting-printer-colour = färg
setting-discs-one = { $count } × { $mm } mm
setting-discs-two = { $kings } × { $king-mm } mm, { $others } × { $piece-mm } mm
setting-turn-marker-value = 1 × { $mm } mm (på brädets dragräknare)
setting-sides-bid = budgivning; singla slant om vem som bjuder först
setting-spares-value = { $count } per sida

## Vad saker heter

shape-discs = runda brickor
shape-shields = sköldar
shape-squares = fyrkantiga pjäser
stock-paper = papper
stock-card = kartong
stock-sticker-paper = etikettpapper
paper-a4 = A4
paper-letter = US Letter
paper-a3 = A3
paper-tabloid = US Tabloid
option-berserker = bärsärk
option-shield-wall = sköldborg
option-skilled-play = mästarspel
edition-rules = efter reglerna för { $variant }
edition-theme = { $theme }-utgåvan

## Vad ett kartongark har, för omslaget

part-board-section = brädesdel { $labels }
part-board-whole = hela brädet i ett stycke
part-board-sections = brädesdelarna { $labels }
part-turn-marker = dragmarkören
part-puzzles = problem
part-record-sheet = protokollblad
part-record-sheets = { $count ->
        [one] protokollblad
       *[other] { WORDS($count) } protokollblad
    }
part-other = sidor
part-reminder-cards = { $count ->
        [one] ett regelkort
       *[other] { WORDS($count) } regelkort
    }

## Märken på delarna

board-glue-under = limma under { $section }
marker-word = DRAG
card-continued = Fortsätter på baksidan ({ $part } av { $count })
card-back = Baksidan ({ $part } av { $count }): vik längs strecken och limma
sticker-note = Etikettark: skriv ut på vanligt papper först och håll det mot etikettarket för att se att cirklarna hamnar rätt.
turn-track-title = Dragräknare.
turn-track-text = Mästarspel: markören visar vilket drag { $defenders } är inne på. Den börjar på 1 och flyttas en ruta framåt varje gång de har dragit.

## Regelhäftet

leaflet-how-to-play = Så spelar man
leaflet-how-to-play-edition = Så spelar man · { $edition }
figure-label = Figur { $number }.
figure-ref = figur { $number }
figure-last-turn = Förra draget
figure-before = Före
figure-after = Efter
figure-this-turn = Det här draget
flip-out = ut
flip-in = in
flip-sheet-out = { $sheet } ut
flip-sheet-in = { $sheet } in

## Problem och protokollblad

puzzles-title = Problem
puzzles-intro = Varje ställning kommer från ett parti som datorn spelade mot sig själv. Sidan som nämns är vid draget och vinner på det angivna antalet drag, hur motståndaren än svarar: regelmotorn har prövat varje försvar. Ett drag skrivs från ruta till ruta, som e1-e4. Lösningarna står upp och ner längst ner på sidan, med motståndarens svar inom parentes; bara vinnarens drag räknas.
puzzles-window = Visar ett diagram bara en del av brädet är rutorna som inte syns tomma.
puzzles-answers = Lösningar.
puzzle-caption = { $number }. { $side } drar och vinner på { $moves } drag.
puzzle-any-reply = vilket svar som helst
# A reply shown as one of several the loser could make, each beaten by its own answer ($reply: its moves).
puzzle-example-reply = till exempel { $reply }
# The loser's reply between two of the winner's moves in a printed answer ($reply: the move itself, "any reply" or "for instance" and a move): "c3-c1 (a5-a6), b5-a5".
puzzle-reply = ({ $reply })
turn-pass = pass
record-title = Protokoll
record-date = Datum
record-winner = Vinnare
record-key = Skriv varje drag som rutan pjäsen lämnar och rutan den når, avläst från bokstäverna och siffrorna runt brädet: e1-e4. Sätt x efter ett drag som fångar. { $side } drar först.

## Ett nedtecknat parti utskrivet som diagram (taflkit record)

game-player = { $side }: { $name }
game-start = Utgångsställningen
game-after = Efter drag { $number }
game-won = { $how ->
        [captured] { $side } vann: { $king } blev tillfångatagen.
        [escaped] { $side } vann: { $king } rymde.
        [encircled] { $side } vann genom att omringa alla försvarare.
        [resigned] { $side } vann: motståndaren gav upp.
       *[other] { $side } vann.
    }
game-drawn = Partiet slutade remi.
game-unfinished = Protokollet slutar innan partiet är över.

## PDF-metadata

pdf-title = { $title } – spel att skriva ut och spela
pdf-subject = { $variant } med temat { $theme }: omslag, bräde, pjäser, regelkort och regelhäfte
