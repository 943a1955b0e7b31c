//! The tafl family's rules built in Rust straight from the facts of
//! `variants.md` ("The tafl family"): the built-in files must say the same,
//! and both must give the spec's perft counts (from independent engines).

use taflkit::rules::{
    self, Access, Escape, Game, KingCapture, KingStrength, NoMove, Repetition, Side, SpecialSquare,
    Variant, notation,
};

fn setup(rows: &str) -> Vec<Vec<Option<rules::Piece>>> {
    notation::parse_rows(rows)
        .unwrap()
        .iter()
        .map(|r| r.cells.iter().map(|c| c.piece).collect())
        .collect()
}

const ALL: SpecialSquare = SpecialSquare {
    hostile_to_attackers: true,
    hostile_to_defenders: true,
    hostile_to_king: true,
    ..SpecialSquare::DEFAULT
};

fn copenhagen() -> Variant {
    let mut v = rules::builtin("tafel").unwrap();
    v.id = "copenhagen".into();
    v.options.clear();
    v.repetition = Repetition::ThirdAttackersWin;
    v.encirclement = true;
    v.edge_shield_wall = true;
    v.edge_fort = true;
    v.centre = Some(SpecialSquare {
        hostile_to_king: false,
        ..ALL
    });
    v.corners = Some(SpecialSquare {
        pass: Access::KingOnly,
        ..ALL
    });
    v.king.capture = KingCapture::FourOrThreeBesideCentre;
    v
}

fn fetlar() -> Variant {
    let mut v = copenhagen();
    v.edge_shield_wall = false;
    v.edge_fort = false;
    v.repetition = Repetition::None;
    v
}

fn brandubh() -> Variant {
    let mut v = copenhagen();
    v.size = 7;
    v.setup = setup(
        ". . . A . . .
         . . . A . . .
         . . . D . . .
         A A D K D A A
         . . . D . . .
         . . . A . . .
         . . . A . . .",
    );
    v.edge_shield_wall = false;
    v.edge_fort = false;
    v.repetition = Repetition::ThirdLoses;
    v.king.strength = KingStrength::StrongByCentre;
    v
}

fn tablut() -> Variant {
    let mut v = rules::builtin("sea-battle-9").unwrap();
    v.id = "tablut".into();
    v.first = Side::Attackers;
    v.escape = Escape::Edge;
    v.draw_fort = None;
    v.encirclement = false;
    v.repetition = Repetition::ThirdDraws;
    v.no_move = NoMove::Draws;
    v.centre = Some(SpecialSquare {
        pass: Access::Nobody,
        stop: Access::Nobody,
        ..ALL
    });
    v.corners = None;
    v.king.armed = true;
    v.king.anvil = true;
    v.king.strength = KingStrength::StrongByCentre;
    v.king.capture = KingCapture::FourOrThreeBesideCentre;
    v.king.besieged_king_betrays_defender = true;
    v
}

fn magpie() -> Variant {
    let mut v = brandubh();
    v.setup = setup(
        ". . . A . . .
         . A . . . A .
         . . . D . . .
         A . D K D . A
         . . . D . . .
         . A . . . A .
         . . . A . . .",
    );
    v.king.strength = KingStrength::Strong;
    v.king.speed = Some(1);
    v.encirclement = false;
    v.repetition = Repetition::None;
    v.centre = Some(SpecialSquare {
        pass: Access::KingOnly,
        ..ALL
    });
    v
}

fn historical() -> Variant {
    let mut v = fetlar();
    v.first = Side::Defenders;
    v.escape = Escape::Edge;
    v.corners = None;
    v.repetition = Repetition::ThirdAttackersWin;
    v.king.strength = KingStrength::StrongByCentre;
    v.centre = Some(ALL);
    v.setup = setup(
        ". . . . A A A . . . .
         . . . . A A A . . . .
         . . . . . D . . . . .
         . . . . . D . . . . .
         A A . . . D . . . A A
         A A D D D K D D D A A
         A A . . . D . . . A A
         . . . . . D . . . . .
         . . . . . D . . . . .
         . . . . A A A . . . .
         . . . . A A A . . . .",
    );
    v
}

fn family() -> Vec<(&'static str, Variant, [u64; 3])> {
    vec![
        ("copenhagen", copenhagen(), [116, 6_788, 806_344]),
        ("fetlar", fetlar(), [116, 6_788, 806_344]),
        ("brandubh", brandubh(), [40, 960, 39_512]),
        ("tablut", tablut(), [80, 4_400, 353_200]),
        ("magpie", magpie(), [52, 1_420, 68_732]),
        ("historical-11", historical(), [104, 9_032, 944_328]),
    ]
}

#[test]
fn perft_counts_of_the_spec() {
    for (name, model, counts) in family() {
        let builtin = rules::builtin(name).unwrap_or_else(|| panic!("no built-in {name}"));
        for v in [model, builtin] {
            let mut g = Game::new(&v);
            let got: Vec<u64> = (1..=3).map(|d| g.perft(d)).collect();
            assert_eq!(got, counts, "{name}");
        }
    }
}

#[test]
fn builtin_files_say_what_the_spec_says() {
    for (name, mut model, _) in family() {
        let builtin = rules::builtin(name).unwrap();
        // Names, themes and optional rules are the file's own business.
        model.id = builtin.id.clone();
        model.name = builtin.name.clone();
        model.default_theme = builtin.default_theme.clone();
        model.options = builtin.options.clone();
        assert_eq!(builtin, model, "{name}");
    }
}
