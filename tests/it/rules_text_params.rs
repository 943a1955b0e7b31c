//! Every rule parameter that changes play changes the rules text: each test
//! flips one parameter on a copy of a built-in variant and checks the
//! sentence that says it.

use taflkit::kit::rules_text::{card_sections, rules_markdown, rules_sections};
use taflkit::rules::{
    self, Access, DrawFort, Escape, KingCapture, Piece, Repetition, Side, SpecialSquare, Variant,
};
use taflkit::theme::Theme;

fn variant(id: &str) -> Variant {
    rules::builtin(id).expect("built-in variant")
}

fn text(v: &Variant) -> String {
    rules_markdown(v, &Theme::viking()).expect("rules text renders")
}

/// The text of one numbered rule, by its title.
fn rule(v: &Variant, title: &str) -> String {
    rules_sections(v, &Theme::viking())
        .unwrap()
        .into_iter()
        .find(|s| s.title == title)
        .map(|s| s.markdown)
        .unwrap_or_default()
}

#[test]
fn who_moves_first_follows_first() {
    let mut v = variant("york");
    v.first = Side::Attackers;
    assert!(text(&v).contains("The attackers move first."));
    v.first = Side::Defenders;
    let t = text(&v);
    assert!(t.contains("The defenders move first."));
    assert!(!t.contains("The attackers move first."));
}

#[test]
fn escape_edge_or_corner() {
    let mut v = variant("tafel");
    v.escape = Escape::Corner;
    let corner = rule(&v, "Winning");
    assert!(
        corner.contains("reaches one of the four corners"),
        "{corner}"
    );
    v.escape = Escape::Edge;
    let edge = rule(&v, "Winning");
    assert!(
        edge.contains("any square on the edge of the board"),
        "{edge}"
    );
    assert!(!edge.contains("four corners"));
}

#[test]
fn king_capture_four_sides_or_three_beside_the_centre() {
    let mut v = variant("york");
    v.king.capture = KingCapture::FourOrThreeBesideCentre;
    let three = rule(&v, "Capturing the king");
    assert!(three.contains("or on three sides when the king is beside the throne"));
    v.king.capture = KingCapture::FourSides;
    let four = rule(&v, "Capturing the king");
    assert!(four.contains("only when attackers stand on all four sides"));
    assert!(!four.contains("three sides"));
}

#[test]
fn armed_and_anvil_king_each_read_differently() {
    let mut seen = Vec::new();
    for armed in [false, true] {
        for anvil in [false, true] {
            let mut v = variant("sea-battle-9");
            v.king.armed = armed;
            v.king.anvil = anvil;
            let capture = rule(&v, "Capturing");
            assert!(
                !seen.contains(&capture),
                "armed={armed} anvil={anvil} repeats"
            );
            seen.push(capture.clone());
            match (armed, anvil) {
                (false, false) => assert!(capture.contains("The king never helps to capture")),
                (true, true) => assert!(capture.contains("takes part in captures")),
                (true, false) => assert!(capture.contains("can capture by moving, but")),
                (false, true) => assert!(capture.contains("cannot capture by moving, but")),
            }
        }
    }
}

#[test]
fn besieged_king_betrays_defender_is_said_only_when_on() {
    let mut v = variant("york");
    assert!(rule(&v, "Capturing").contains("can capture that defender"));
    v.king.besieged_king_betrays_defender = false;
    assert!(!rule(&v, "Capturing").contains("can capture that defender"));
}

#[test]
fn encirclement_win_follows_the_flag() {
    let mut v = variant("sea-battle-9");
    v.encirclement = true;
    assert!(rule(&v, "Winning").contains("by encircling"));
    v.encirclement = false;
    assert!(!rule(&v, "Winning").contains("encircling"));
}

#[test]
fn each_repetition_rule_has_its_own_sentence() {
    let mut v = variant("sea-battle-9");
    v.repetition = Repetition::ThirdLoses;
    assert!(rule(&v, "Repeated positions").contains("for the third time"));
    assert!(rule(&v, "Repeated positions").contains("loses the game"));
    v.repetition = Repetition::ThirdForbidden;
    assert!(rule(&v, "Repeated positions").starts_with("No move may bring about"));
    v.repetition = Repetition::NoReturn;
    assert!(rule(&v, "No going back").contains("may not move back to the square it left"));
    v.repetition = Repetition::None;
    let t = text(&v);
    assert!(!t.contains("Repeated positions") && !t.contains("No going back"));
}

#[test]
fn draw_forts_follow_the_rule_and_its_count() {
    let mut v = variant("sea-battle-9");
    v.draw_fort = Some(DrawFort { min_men: 5 });
    assert!(rule(&v, "No draw forts").contains("at least five defenders remain"));
    v.draw_fort = Some(DrawFort { min_men: 3 });
    assert!(rule(&v, "No draw forts").contains("at least three defenders remain"));
    v.draw_fort = None;
    let t = text(&v);
    assert!(!t.contains("No draw forts") && !t.contains("wall themselves in"));
}

#[test]
fn centre_square_access_and_hostility() {
    let mut v = variant("york");
    let mut sq = SpecialSquare {
        pass: Access::Everyone,
        stop: Access::KingOnly,
        hostile_to_attackers: false,
        hostile_to_defenders: false,
        ..SpecialSquare::DEFAULT
    };
    v.centre = Some(sq);
    let base = rule(&v, "The special squares");
    assert!(
        base.contains("Only the king may end a move on the throne, but any piece may pass over it")
    );
    assert!(base.contains("The throne never helps to capture."));
    sq.pass = Access::KingOnly;
    v.centre = Some(sq);
    assert!(rule(&v, "The special squares").contains("Only the king may enter the throne."));
    sq.hostile_to_attackers = true;
    v.centre = Some(sq);
    assert!(
        rule(&v, "The special squares").contains("the throne counts as an enemy to the attackers")
    );
    sq.hostile_to_defenders = true;
    v.centre = Some(sq);
    assert!(
        rule(&v, "The special squares").contains("the throne counts as an enemy to both sides")
    );
    v.centre = None;
    v.king.besieged_king_betrays_defender = false;
    v.king.capture = KingCapture::FourSides;
    assert!(rule(&v, "The board").contains("There are no special squares"));
}

#[test]
fn corner_squares_appear_only_when_special() {
    let mut v = variant("tafel");
    let with = rule(&v, "The special squares");
    assert!(with.contains("Only the king may enter the corners."));
    assert!(with.contains("the corners count as an enemy to both sides"));
    v.corners = None;
    v.escape = Escape::Edge;
    assert!(!rule(&v, "The special squares").contains("corners"));
}

#[test]
fn optional_rules_print_only_when_switched_on() {
    let mut v = variant("tafel");
    let off = text(&v);
    for title in ["berserker", "shield wall", "skilled play"] {
        assert!(!off.contains(&format!("Optional rule: {title}")));
    }
    for option in v.options.iter_mut() {
        option.enabled = true;
    }
    let on = text(&v);
    for title in ["berserker", "shield wall", "skilled play"] {
        assert!(on.contains(&format!("Optional rule: {title}")), "{title}");
    }
    // Skilled play hands the first move to the defenders.
    assert!(on.contains("The defenders move first."));
    assert!(on.contains("The first bid is 30"));
    assert!(off.contains("The attackers move first."));
}

#[test]
fn piece_counts_and_size_come_from_the_setup() {
    let mut v = variant("york");
    assert!(rule(&v, "Setting up").contains("twelve"));
    assert!(rule(&v, "Setting up").contains("twenty-four"));
    v.setup[0][3] = None;
    assert!(rule(&v, "Setting up").contains("twenty-three"));
    v.setup[5][5] = Some(Piece::Defender);
    v.setup[0][4] = Some(Piece::King);
    assert!(!rule(&v, "Setting up").contains("on the centre square"));
    let sb = variant("sea-battle-9");
    assert!(rule(&sb, "Setting up").contains("9 × 9 squares"));
}

#[test]
fn rules_text_is_deterministic() {
    for id in rules::builtin_ids() {
        let v = variant(id);
        assert_eq!(text(&v), text(&v), "{id}");
    }
}

#[test]
fn every_card_sentence_is_a_leaflet_sentence() {
    for id in rules::builtin_ids() {
        let mut v = variant(id);
        for o in v.options.iter_mut() {
            o.enabled = true;
        }
        let leaflet = text(&v);
        for side in [Side::Attackers, Side::Defenders] {
            let card = card_sections(&v, &Theme::viking(), side).unwrap();
            assert!(card.len() >= 4, "{id}: {card:?}");
            for section in &card {
                for sentence in section.markdown.split(". ") {
                    let sentence = sentence.trim_end_matches('.');
                    assert!(
                        leaflet.contains(sentence),
                        "{id} {side} card says what the leaflet does not: {sentence}"
                    );
                }
            }
        }
    }
}

#[test]
fn each_card_leads_with_its_own_goal() {
    let v = variant("sea-battle-9");
    let att = card_sections(&v, &Theme::viking(), Side::Attackers).unwrap();
    let def = card_sections(&v, &Theme::viking(), Side::Defenders).unwrap();
    // The title names the side; the first row is that side's goal.
    assert_eq!(att[0].title, "You play the attackers");
    assert_eq!(att[1].title, "Your goal");
    assert!(
        att[1]
            .markdown
            .contains("attackers win by capturing the king")
    );
    assert_eq!(def[0].title, "You play the defenders");
    assert_eq!(def[1].title, "Your goal");
    assert!(
        def[1]
            .markdown
            .contains("defenders win as soon as the king reaches")
    );
}
