//! Nothing panics on any input: random bytes and random TOML to the
//! variant loader, random moves to `play`, random games to their end.

use crate::common;

use common::fuzz_config;
use proptest::prelude::*;
use taflkit::rules::{self, Game, Move, Square, file};

const KEYS: &[&str] = &[
    "id",
    "name",
    "size",
    "first",
    "escape",
    "setup",
    "theme",
    "encirclement",
    "repetition",
    "sise",
    "[centre]",
    "[corners]",
    "[king]",
    "[draw_fort]",
    "[options.berserker]",
    "[options.skilled-play]",
    "[options.nonsense]",
    "pass",
    "stop",
    "hostile_to",
    "armed",
    "anvil",
    "capture",
    "besieged_king_betrays_defender",
    "min_men",
    "enabled",
    "turn_limit",
];

const VALUES: &[&str] = &[
    "\"attackers\"",
    "\"defenders\"",
    "\"edge\"",
    "\"corner\"",
    "\"king\"",
    "\"nobody\"",
    "\"everyone\"",
    "\"third-loses\"",
    "\"no-return\"",
    "\"three-beside-centre\"",
    "true",
    "false",
    "0",
    "1",
    "5",
    "7",
    "9",
    "25",
    "26",
    "1000",
    "-3",
    "99999999999999999999",
    "1.5",
    "[]",
    "[\"attackers\"]",
    "[1, 2]",
    "{}",
    "\"\"",
    "\"x\"",
];

fn setup_text() -> impl Strategy<Value = String> {
    (
        1usize..12,
        1usize..12,
        proptest::collection::vec(0usize..7, 0..150),
    )
        .prop_map(|(rows, cols, cells)| {
            let symbols = ['.', 'A', 'D', 'K', ' ', 'x', '\n'];
            let mut s = String::from("\"\"\"\n");
            let mut it = cells.iter().cycle();
            for _ in 0..rows {
                for c in 0..cols {
                    if c > 0 {
                        s.push(' ');
                    }
                    s.push(symbols[*it.next().unwrap_or(&0)]);
                }
                s.push('\n');
            }
            s.push_str("\"\"\"");
            s
        })
}

fn toml_text() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        (0..KEYS.len(), 0..VALUES.len()).prop_map(|(k, v)| {
            let key = KEYS[k];
            if key.starts_with('[') {
                key.to_string()
            } else {
                format!("{key} = {}", VALUES[v])
            }
        }),
        setup_text().prop_map(|s| format!("setup = {s}")),
    ];
    proptest::collection::vec(line, 0..20).prop_map(|lines| lines.join("\n"))
}

/// A mostly-valid variant file with one thing changed.
fn near_valid() -> impl Strategy<Value = String> {
    (0..rules::builtin_ids().len(), 0usize..2000, any::<u8>()).prop_map(|(i, at, byte)| {
        let src = rules::builtin_source(rules::builtin_ids()[i]).unwrap();
        let mut bytes = src.as_bytes().to_vec();
        let at = at % bytes.len();
        bytes[at] = b" .ADKx=\"[]\n0123456789"[byte as usize % 21];
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

proptest! {
    #![proptest_config(fuzz_config(200))]

    #[test]
    fn loader_survives_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = file::parse("fuzz.toml", &bytes);
    }

    #[test]
    fn loader_survives_random_toml(text in toml_text()) {
        let _ = file::parse("fuzz.toml", text.as_bytes());
    }

    #[test]
    fn loader_survives_edited_builtins(text in near_valid()) {
        if let Ok((v, _)) = file::parse("fuzz.toml", text.as_bytes()) {
            // Whatever it accepts, the engine can play.
            let mut g = Game::new(&v);
            prop_assert!(!g.legal_moves().is_empty());
            let _ = g.perft(2);
        }
    }

    #[test]
    fn play_survives_random_moves(
        variant in 0..7usize,
        moves in proptest::collection::vec((0u8..27, 0u8..27, 0u8..27, 0u8..27), 0..60),
        text in proptest::collection::vec("[a-z0-9\\-]{0,7}", 0..5),
    ) {
        let v = rules::builtin(rules::builtin_ids()[variant]).unwrap();
        let mut g = Game::new(&v);
        for t in &text {
            if let Ok(m) = Move::parse(t) {
                let _ = g.play(m);
            }
        }
        for (a, b, c, d) in moves {
            let _ = g.play(Move::new(Square::new(a, b), Square::new(c, d)));
        }
        let _ = g.diagram();
    }

    #[test]
    fn random_games_stay_consistent(
        variant in 0..7usize,
        picks in proptest::collection::vec(any::<u16>(), 0..300),
        options in any::<[bool; 3]>(),
    ) {
        let mut v = rules::builtin(rules::builtin_ids()[variant]).unwrap();
        for (o, on) in v.options.iter_mut().zip(options) {
            o.enabled = on;
        }
        let mut g = Game::new(&v);
        for p in picks {
            let moves = g.legal_moves();
            if g.result().is_over() {
                prop_assert!(moves.is_empty());
                break;
            }
            prop_assert!(!moves.is_empty(), "ongoing with no move:\n{}", g.diagram());
            let mv = moves[p as usize % moves.len()];
            let report = g.play(mv);
            prop_assert!(report.is_ok(), "legal move {} refused: {:?}", mv, report);
            // The diagram reads back as the same position.
            let again = Game::from_diagram(&v, &g.diagram(), g.to_move());
            if g.king().is_some() {
                prop_assert_eq!(again.map(|x| x.board()), Ok(g.board()));
            }
        }
    }
}

/// Whether playing `m` takes a piece from the board or captures the king.
fn takes_a_piece(g: &mut Game, m: rules::RawMove) -> bool {
    let before = g.pieces().count();
    let u = g.make_raw(m);
    let king_taken = matches!(
        g.result(),
        rules::GameResult::Win {
            reason: rules::WinReason::KingCaptured,
            ..
        }
    );
    let after = g.pieces().count();
    g.unmake_raw(u);
    after < before || king_taken
}

proptest! {
    #![proptest_config(fuzz_config(24))]

    /// The capture moves a search's quiescence looks at are exactly the
    /// moves the capture test names, in the same order; each of them takes
    /// a piece when played, and a move outside them takes none unless a
    /// shield wall (which that test does not count) takes it.
    #[test]
    fn capture_moves_are_the_moves_that_take(
        variant in any::<usize>(),
        picks in proptest::collection::vec(any::<u16>(), 0..120),
        options in any::<[bool; 3]>(),
    ) {
        let ids = rules::builtin_ids();
        let mut v = rules::builtin(ids[variant % ids.len()]).unwrap();
        for (o, on) in v.options.iter_mut().zip(options) {
            o.enabled = on;
        }
        let walls = v.edge_shield_wall || v.option_enabled("shield-wall");
        let mut g = Game::new(&v);
        let (mut all, mut caps) = (Vec::new(), Vec::new());
        for p in picks {
            g.raw_moves(&mut all);
            g.raw_capture_moves(&mut caps);
            let named: Vec<_> = all.iter().copied().filter(|&m| g.raw_captures(m)).collect();
            prop_assert_eq!(&caps, &named, "\n{}", g.diagram());
            for &m in &all {
                let takes = takes_a_piece(&mut g, m);
                if caps.contains(&m) {
                    prop_assert!(takes, "{:?} takes nothing:\n{}", m, g.diagram());
                } else {
                    prop_assert!(!takes || walls, "{:?} takes a piece:\n{}", m, g.diagram());
                }
            }
            if all.is_empty() {
                break;
            }
            let m = all[p as usize % all.len()];
            let _ = g.make_raw(m);
        }
    }
}
