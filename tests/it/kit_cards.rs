//! The reminder cards are a quick reference: every rule in force has its
//! row on both cards (checked against the variant's rule set, not against
//! what the cards print), the pictures are the leaflet's engine-checked
//! figures, a card's sentences are the leaflet's own sentences, and
//! nothing on any page of a built-in kit is below 7 pt.

use crate::common;

use std::collections::BTreeSet;

use crate::common::kit::{self, KitOptions};
use taflkit::kit::cards::{self, A6, INDEX, POKER};
use taflkit::kit::leaflet::figures;
use taflkit::kit::rules_text::{self, CardRule};
use taflkit::layout::{FontRole, Item};
use taflkit::rules::{OptionalRule, Repetition, Side, Variant};
use taflkit::theme::Theme;
use taflkit::words::Lang;

/// The variant's default theme, as `taflkit build` picks it.
fn theme_of(v: &Variant) -> Theme {
    Theme::builtin(v.default_theme.as_deref().unwrap_or("viking")).unwrap()
}

/// The rules in force, read from the variant's rule set.
fn rules_in_force(v: &Variant) -> BTreeSet<CardRule> {
    use CardRule as R;
    let mut want: BTreeSet<CardRule> = [R::Move, R::Capture, R::KingCapture, R::Escape, R::NoMove]
        .into_iter()
        .collect();
    let mut add = |on: bool, r: CardRule| {
        if on {
            want.insert(r);
        }
    };
    add(v.centre.is_some(), R::Centre);
    add(v.corners.is_some(), R::Corners);
    add(v.encirclement, R::Encirclement);
    add(v.edge_fort, R::EdgeFort);
    add(v.edge_shield_wall, R::EdgeShieldWall);
    add(v.repetition != Repetition::None, R::Repetition);
    add(v.draw_fort.is_some(), R::DrawFort);
    add(
        v.king.besieged_king_betrays_defender && v.centre.is_some(),
        R::Besieged,
    );
    for o in v.options.iter().filter(|o| o.enabled) {
        want.insert(match o.rule {
            OptionalRule::Berserker => R::Berserker,
            OptionalRule::ShieldWall => R::ShieldWall,
            OptionalRule::SkilledPlay { .. } => R::SkilledPlay,
        });
    }
    want
}

#[test]
fn every_card_lists_every_rule_in_force() {
    for v in common::variants_and_options() {
        let theme = theme_of(&v);
        let c = cards::cards(&v, &theme, &theme.fonts).unwrap();
        let want = rules_in_force(&v);
        for side in [Side::Attackers, Side::Defenders] {
            let rows: Vec<CardRule> = c
                .rows()
                .into_iter()
                .filter(|(s, _)| *s == side)
                .flat_map(|(_, r)| r)
                .collect();
            let got: BTreeSet<CardRule> = rows.iter().copied().collect();
            assert_eq!(got, want, "{} {side}", v.id);
            assert_eq!(rows.len(), got.len(), "{} {side}: a rule twice", v.id);
            // The side's goal comes first.
            let goal = match side {
                Side::Attackers => CardRule::KingCapture,
                Side::Defenders => CardRule::Escape,
            };
            assert_eq!(rows[0], goal, "{} {side}", v.id);
        }
        for s in c.sizes() {
            assert!(s == POKER || s == INDEX || s == A6, "{}: {s:?}", v.id);
        }
    }
}

/// A card's pictures are the leaflet's figures (which the rules engine has
/// played through), never positions of their own.
#[test]
fn card_diagrams_are_engine_checked_figures() {
    for v in common::variants_and_options() {
        let theme = theme_of(&v);
        let c = cards::cards(&v, &theme, &theme.fonts).unwrap();
        let figs = figures::figures(&v, &theme).unwrap();
        let mut shown = 0;
        for (side, rule, panel) in c.pictures() {
            let Some(panel) = panel else { continue };
            shown += 1;
            let found = figs.iter().flat_map(|f| &f.panels).any(|p| {
                p.board == panel.board
                    && p.marks == panel.marks
                    && p.style.window == panel.style.window
            });
            assert!(found, "{} {side} {rule:?}: a position of its own", v.id);
        }
        // At least moving, capturing, the king's capture and escape.
        assert!(shown >= 8, "{}: {shown} figures", v.id);
    }
}

/// Every sentence a card says is said in the leaflet too: the card cannot
/// contradict it.
#[test]
fn card_sentences_are_the_leaflets() {
    for v in common::variants_and_options() {
        for id in Theme::builtin_ids() {
            let theme = Theme::builtin(id).unwrap();
            let leaflet = rules_text::rules_markdown(&v, &theme)
                .unwrap()
                .replace("**", "");
            for side in [Side::Attackers, Side::Defenders] {
                let card = rules_text::card_text(&v, &theme, side).unwrap();
                let mut said = vec![card.lead];
                said.extend(card.rows.into_iter().map(|r| r.markdown));
                for text in said {
                    for sentence in text.split_inclusive(". ") {
                        let sentence = sentence.trim();
                        assert!(
                            leaflet.contains(sentence),
                            "{}/{id} {side}: not in the leaflet: {sentence}",
                            v.id
                        );
                    }
                }
            }
        }
    }
}

/// Characters of text on a page (or a frame), and how many of them are
/// under 7 pt once every transform they are drawn through is applied.
fn small_text(items: &[Item]) -> (usize, usize) {
    let (mut total, mut small) = (0, 0);
    for p in common::placed(items) {
        let n = p.text.text.chars().filter(|c| !c.is_whitespace()).count();
        total += n;
        if p.printed_size() < 7.0 - 1e-6 {
            if std::env::var("SHOW_SMALL").is_ok() {
                eprintln!("{:?} {} {}", p.text.text, p.text.style.size.0, p.scale());
            }
            small += n;
        }
    }
    (total, small)
}

/// Nothing on any page of a built-in kit is under 7 pt as printed (the
/// leaflet's figures, the board's coordinates and the cards included).
#[test]
fn nothing_on_any_page_is_below_7_pt() {
    for v in common::variants_and_options() {
        let theme = theme_of(&v);
        let doc = kit::build(&v, &theme, &KitOptions::default()).unwrap();
        for page in &doc.pages {
            let (total, small) = small_text(&page.items);
            assert!(
                small == 0,
                "{} ({}): {}: {small} of {total} characters under 7 pt",
                v.id,
                v.options.iter().filter(|o| o.enabled).count(),
                page.label
            );
        }
    }
}

/// Nothing on a card is under 7 pt as printed (every transform applied),
/// in every format the cards are offered in (fold-over cards, and the
/// formats whose rows are set at 7 pt because 8 pt would need more card):
/// every built-in variant in its own theme, in English and in German (the
/// longest words), and Tafel with every option (the most rows).
#[test]
fn card_text_is_never_below_7_pt() {
    let mut small_rows = 0;
    let mut checked = 0;
    for (id, v, theme) in common::builtin_kits() {
        for lang in ["en", "de"] {
            let theme = theme.in_language(Lang::from_code(lang).unwrap()).unwrap();
            kit::with_plan(&v, &theme, &KitOptions::default(), |cx, planned| {
                let (ci, c) = planned.find::<cards::Cards>().expect("cards");
                for set in 0..c.formats() {
                    for part in 0..c.piece_sizes(set).len() {
                        let frame = planned.components[ci]
                            .layout(cx, planned, kit::component::Part::Rect { set, part })
                            .unwrap();
                        let placed = common::placed(&frame.items);
                        assert!(!placed.is_empty(), "{id} {lang} card {part}: no text");
                        checked += 1;
                        for p in &placed {
                            assert!(
                                p.printed_size() >= 7.0 - 1e-6,
                                "{id} {lang} format {set} card {part}: {:?} at {:.2} pt",
                                p.text.text,
                                p.printed_size()
                            );
                        }
                        // A format whose rows are set at 7 pt (the upright
                        // body text, not the italic note at the foot).
                        if placed.iter().any(|p| {
                            p.text.style.font == FontRole::Body
                                && (p.printed_size() - 7.0).abs() < 1e-6
                        }) {
                            small_rows += 1;
                        }
                    }
                }
            })
            .unwrap();
        }
    }
    assert!(checked > 100, "only {checked} cards read");
    // The 7 pt rows exist among the formats read, so the rule was tried.
    assert!(small_rows > 0, "no card with rows at 7 pt was read");
}
