//! The rules engine: variant files, setup checks, positions, move
//! generation, captures and results. Knows nothing of pages.
//!
//! SKELETON: the engine work replaces the stub loader below with the real
//! variant-file reader (with spans and every setup check), adds the engine
//! proper and keeps `builtin`, `builtin_ids` and `load` working.

pub mod variant;

pub use variant::*;

use crate::error::{Diagnostic, Failure};

/// Ids of the built-in variants, in the order `taflkit list` shows them.
pub fn builtin_ids() -> &'static [&'static str] {
    &[
        "sea-battle-9",
        "sea-battle-11",
        "sea-battle-13",
        "sea-battle-15",
        "sea-battle-9-cyningstan",
        "york",
        "tafel",
    ]
}

/// A built-in variant by id, checked.
pub fn builtin(id: &str) -> Option<Variant> {
    let york = "...AAAAA...\n.....A.....\n...........\nA....D....A\nA...DDD...A\nAA.DDKDD.AA\nA...DDD...A\nA....D....A\n...........\n.....A.....\n...AAAAA...";
    let sb9 = "...AAA...\n....A....\n....D....\nA...D...A\nAADDKDDAA\nA...D...A\n....D....\n....A....\n...AAA...";
    let plain = KingRules {
        armed: false,
        anvil: false,
        capture: KingCapture::FourSides,
        besieged_king_betrays_defender: false,
    };
    let parse = |s: &str| -> Vec<Vec<Option<Piece>>> {
        s.lines()
            .map(|l| {
                l.chars()
                    .map(|c| match c {
                        'A' => Some(Piece::Attacker),
                        'D' => Some(Piece::Defender),
                        'K' => Some(Piece::King),
                        _ => None,
                    })
                    .collect()
            })
            .collect()
    };
    let castle = SpecialSquare {
        pass: Access::Everyone,
        stop: Access::KingOnly,
        hostile_to_attackers: false,
        hostile_to_defenders: false,
    };
    let v = match id {
        "york" => Variant {
            id: id.into(),
            name: "York Hnefatafl".into(),
            size: 11,
            first: Side::Attackers,
            escape: Escape::Edge,
            setup: parse(york),
            centre: Some(castle),
            corners: None,
            king: KingRules {
                capture: KingCapture::FourOrThreeBesideCentre,
                besieged_king_betrays_defender: true,
                ..plain
            },
            encirclement: false,
            repetition: Repetition::ThirdForbidden,
            draw_fort: None,
            options: vec![],
            default_theme: Some("york".into()),
        },
        "tafel" => Variant {
            id: id.into(),
            name: "Tafel".into(),
            size: 11,
            first: Side::Attackers,
            escape: Escape::Corner,
            setup: parse(york),
            centre: Some(castle),
            corners: Some(SpecialSquare {
                pass: Access::KingOnly,
                stop: Access::KingOnly,
                hostile_to_attackers: true,
                hostile_to_defenders: true,
            }),
            king: KingRules {
                armed: true,
                anvil: true,
                ..plain
            },
            encirclement: false,
            repetition: Repetition::NoReturn,
            draw_fort: None,
            options: vec![
                RuleOption {
                    id: "berserker".into(),
                    rule: OptionalRule::Berserker,
                    enabled: false,
                },
                RuleOption {
                    id: "shield-wall".into(),
                    rule: OptionalRule::ShieldWall,
                    enabled: false,
                },
                RuleOption {
                    id: "skilled-play".into(),
                    rule: OptionalRule::SkilledPlay { turn_limit: 30 },
                    enabled: false,
                },
            ],
            default_theme: Some("tafel".into()),
        },
        _ => Variant {
            id: id.into(),
            name: "Sea Battle 9×9".into(),
            size: 9,
            first: if id.ends_with("cyningstan") {
                Side::Defenders
            } else {
                Side::Attackers
            },
            escape: Escape::Edge,
            setup: parse(sb9),
            centre: None,
            corners: None,
            king: plain,
            encirclement: !id.ends_with("cyningstan"),
            repetition: Repetition::ThirdLoses,
            draw_fort: Some(DrawFort { min_men: 5 }),
            options: vec![],
            default_theme: Some(
                if id.ends_with("cyningstan") {
                    "christmas"
                } else {
                    "sea"
                }
                .into(),
            ),
        },
    };
    builtin_ids().contains(&id).then_some(v)
}

/// Reads a variant: a built-in id, or the path of a variant TOML file.
/// Warnings come back with the variant; errors fail.
pub fn load(arg: &str) -> Result<(Variant, Vec<Diagnostic>), Failure> {
    builtin(arg)
        .map(|v| (v, Vec::new()))
        .ok_or_else(|| Failure::new(Diagnostic::error(arg, "no such variant")))
}
