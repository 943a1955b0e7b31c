//! The tests of `src/words/grammar.rs` that were its unit tests.

use taflkit::theme::Noun;
use taflkit::words::Lang;
use taflkit::words::grammar::*;

fn en() -> &'static Grammar {
    &Lang::english().words().grammar
}

#[test]
fn french_de_joins_the_article() {
    let g = &Lang::from_code("fr").expect("lang/fr/").words().grammar;
    assert_eq!(g.preposition("de", "le roi"), "du roi");
    assert_eq!(g.preposition("de", "les lutins"), "des lutins");
    assert_eq!(g.preposition("de", "la cheminée"), "de la cheminée");
    assert_eq!(g.preposition("de", "l’atelier"), "de l’atelier");
    assert_eq!(g.preposition("de", "un attaquant"), "d’un attaquant");
    assert_eq!(g.preposition("de", "Éric"), "d’Éric");
    assert_eq!(g.preposition("à", "le bord"), "au bord");
    assert_eq!(en().preposition("of", "the king"), "of the king");
}

#[test]
fn english_numbers_read_as_words() {
    let g = en();
    assert_eq!(g.number(1, None, None), "one");
    assert_eq!(g.number(12, None, None), "twelve");
    assert_eq!(g.number(24, None, None), "twenty-four");
    assert_eq!(g.number(40, None, None), "forty");
    assert_eq!(g.number(120, None, None), "120");
}

#[test]
fn english_articles_follow_the_sound() {
    let g = en();
    let n = |w: &str| Noun::common(w, &format!("{w}s"));
    assert_eq!(g.indefinite(&n("elf"), None), "an elf");
    assert_eq!(g.indefinite(&n("defender"), None), "a defender");
    assert_eq!(g.indefinite(&n("unicorn"), None), "a unicorn");
    assert_eq!(g.indefinite(&n("hour-glass"), None), "an hour-glass");
    assert_eq!(g.indefinite(&Noun::proper("King Eric"), None), "King Eric");
    assert_eq!(g.definite(&n("king"), None), "the king");
    assert_eq!(g.count(1, &Noun::common("elf", "elves"), None), "one elf");
    assert_eq!(
        g.count(12, &Noun::common("elf", "elves"), None),
        "twelve elves"
    );
}

#[test]
fn cap_keeps_the_rest() {
    assert_eq!(cap("the Northumbrians"), "The Northumbrians");
    assert_eq!(cap("Eric's kinsmen"), "Eric's kinsmen");
    assert_eq!(cap(""), "");
}
