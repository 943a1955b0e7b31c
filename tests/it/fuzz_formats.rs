//! Fuzzing of the tafl world's formats (issue 25's readers): OpenTafl
//! rules strings (`validate`, `build` and a record's `[rules:…]` tag),
//! OpenTafl position records (`play --from`, `solve --from`), game
//! records in OpenTafl (`.otg`) and PGN-style form (`taflkit record`) and
//! the lines of OpenTafl's engine protocol (`taflkit engine`). Inputs are
//! made from each format's own parts (every OTN key with the values the
//! spec allows and some it does not, turn numbers, moves, tags, comments)
//! and from the real records and built-in rules strings, mutated, so most
//! cases get past the first check and reach the ones behind it.
//!
//! Properties: nothing panics; a refusal is located (a file reader names
//! the file, and its line and column lie inside the text; the engine
//! answers with the protocol's own `error` line); what is accepted plays
//! (a game starts and its moves list) and writes back out.
//!
//! Each property runs a few dozen cases in `cargo test`; set
//! `TAFLKIT_FUZZ_CASES` for a long run (see the README, "Tests").

use crate::common;

use common::fuzz_config;
use proptest::prelude::*;
use taflkit::cli::engine::position_of_text;
use taflkit::cli::otep::Session;
use taflkit::diagnostics::{Failure, SourceFile};
use taflkit::rules::otn::{self, Order};
use taflkit::rules::record::{self, Format};
use taflkit::rules::search::Limits;
use taflkit::rules::{self, Game, Side, Variant};

// ---------------------------------------------------------------- checks

/// Every diagnostic names `label`, and any line and column it gives lie
/// inside `text`.
fn located(f: &Failure, label: &str, text: &str) -> Result<(), TestCaseError> {
    prop_assert!(!f.diagnostics.is_empty(), "a refusal says why");
    let lines: Vec<&str> = text.split('\n').collect();
    for d in &f.diagnostics {
        prop_assert_eq!(&d.source, label, "{}", d);
        if let Some(line) = d.line {
            prop_assert!(line >= 1 && line <= lines.len(), "{d}: line {line}");
            let len = lines[line - 1].chars().count();
            let col = d.column.unwrap_or(1);
            prop_assert!(col >= 1 && col <= len + 1, "{d}: column {col} of {len}");
        }
        prop_assert!(!d.to_string().chars().any(char::is_control), "{d:?}");
    }
    Ok(())
}

/// A variant that was accepted starts a game whose moves list.
fn plays(v: &Variant) {
    let g = Game::new(v);
    let _ = g.legal_moves();
    let _ = g.result();
}

// ---------------------------------------------------------------- parts

/// The built-in variants' rules strings, as `rules --format otn` writes.
fn builtin_rules() -> Vec<String> {
    rules::builtin_ids()
        .iter()
        .map(|id| otn::rules::write(&rules::builtin(id).unwrap()).text)
        .collect()
}

/// The real game records of `tests/records`.
fn real_records() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records");
    let mut out: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            let ext = p.extension()?.to_str()?;
            matches!(ext, "otg" | "pgn").then(|| std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    assert!(out.len() >= 5, "the real records are there");
    out
}

/// Every key of an OTN rules string, and words that are none.
const RULE_KEYS: &[&str] = &[
    "dim", "name", "esc", "surf", "atkf", "tfr", "ka", "ks", "kj", "nj", "cj", "mj", "gj", "spd",
    "cor", "cen", "afor", "dfor", "corh", "cenh", "cenhe", "aforh", "dforh", "corp", "cenp",
    "aforp", "dforp", "cors", "cens", "afors", "dfors", "corre", "cenre", "aforre", "dforre", "sw",
    "swf", "efe", "linc", "ber", "start", "starti", "dimm", "", "DIM", "cen:cen",
];

/// Values the spec gives those keys, and values it does not.
const RULE_VALUES: &[&str] = &[
    "",
    "default",
    "y",
    "n",
    "c",
    "e",
    "w",
    "s",
    "m",
    "a",
    "h",
    "i",
    "d",
    "l",
    "r",
    "j",
    "t",
    "T",
    "K",
    "k",
    "tTK",
    "tcnkm",
    "tcnkmgTCNKMG",
    "xyz",
    "a1,a7,g1,g7,",
    "a1,k11,",
    "d4,",
    "e5",
    "f6,",
    "a0,",
    "z99,",
    ",,,",
    "-1",
    "1",
    "3",
    "0",
    "5,-1",
    "-1,-1,-1,-1,-1,-1,-1,-1,-1,2,-1,-1",
    "-1,-1,-1,-1,-1,-1,-1,-1,-1,-9999999999999999999,-1,-1",
    "7",
    "9",
    "11",
    "4",
    "26",
    "99999999999999999999",
    "Brandub_Strong_Center_King",
    "/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/",
    "/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/",
    "/ttt/",
    "/",
    "//",
    "\u{0}",
    "é",
    "😀",
    "\u{202e}",
    ":",
];

/// What goes between entries (OTN allows any whitespace, over lines).
fn gap() -> impl Strategy<Value = &'static str> {
    prop_oneof![6 => Just(" "), 1 => Just("\n"), 1 => Just("\t"), 1 => Just("  "), 1 => Just("\r\n")]
}

/// One `key:value` entry, or a word that is not one.
fn rule_entry() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => (prop::sample::select(RULE_KEYS), prop::sample::select(RULE_VALUES))
            .prop_map(|(k, v)| format!("{k}:{v}")),
        1 => prop::sample::select(RULE_VALUES).prop_map(str::to_string),
        1 => "[a-z]{0,4}:[a-zA-Z0-9,/:-]{0,8}",
    ]
}

/// A rules string made of entries, usually with `dim` first and a start
/// position last, as the spec writes them.
fn rules_string() -> impl Strategy<Value = String> {
    (
        proptest::option::weighted(0.8, prop::sample::select(&["5", "7", "9", "11", "13"][..])),
        proptest::collection::vec((rule_entry(), gap()), 0..12),
        proptest::option::weighted(0.8, position_text()),
    )
        .prop_map(|(dim, entries, start)| {
            let mut s = String::new();
            if let Some(d) = dim {
                s.push_str(&format!("dim:{d} "));
            }
            for (e, g) in entries {
                s.push_str(&e);
                s.push_str(g);
            }
            if let Some(p) = start {
                s.push_str(&format!("start:{p}"));
            }
            s
        })
}

/// A text cut, repeated or spliced with a nasty part at places drawn by
/// the case: what a careless edit or a broken download makes of a file.
fn mutate(text: &str, edits: &[(usize, usize, u8)]) -> String {
    const SPLICE: &[&str] = &[
        "",
        " ",
        "\n",
        ":",
        "[",
        "]",
        "{",
        "}",
        "/",
        "x",
        "K",
        "-",
        ".",
        "...",
        "1.",
        "99.",
        "---",
        "cor:default",
        "cen:default",
        "cenh:",
        "cor:",
        "dim:7",
        "\u{0}",
        "é",
        "\"",
        "\\",
        "12b.1.1a.",
        "1-0",
        "*",
        "a1-a11",
        "Kd4-d1",
        "xd3/f3",
        "/3t3/",
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for &(at, len, what) in edits {
        if chars.is_empty() {
            break;
        }
        let at = at % chars.len();
        let end = (at + len % 8).min(chars.len());
        match what % 3 {
            0 => {
                chars.drain(at..end);
            }
            1 => {
                let copy: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, copy);
            }
            _ => {
                let s = SPLICE[usize::from(what) % SPLICE.len()];
                chars.splice(at..end, s.chars());
            }
        }
    }
    chars.into_iter().collect()
}

fn edits() -> impl Strategy<Value = Vec<(usize, usize, u8)>> {
    proptest::collection::vec((any::<usize>(), any::<usize>(), any::<u8>()), 1..5)
}

/// A position record: rows of pieces and runs of empty squares, mostly
/// the right shape for a 7×7 or 9×9 board, sometimes not.
fn position_text() -> impl Strategy<Value = String> {
    let cell = prop_oneof![
        6 => Just("1"),
        2 => Just("t"),
        2 => Just("T"),
        1 => Just("K"),
        1 => Just("2"),
        1 => Just("3"),
        1 => Just("7"),
        1 => Just("k"),
        1 => Just("c"),
        1 => Just("0"),
        1 => Just("99999999999999999999"),
        1 => Just("é"),
        1 => Just(" "),
    ];
    let row = proptest::collection::vec(cell, 0..10).prop_map(|c| c.concat());
    proptest::collection::vec(row, 0..12).prop_map(|rows| format!("/{}/", rows.join("/")))
}

/// Moves as records write them: legal-looking, with captures and marks,
/// and broken ones.
fn move_word() -> impl Strategy<Value = String> {
    let sq = ("[a-kA-K]", 1u8..13).prop_map(|(f, r)| format!("{f}{r}"));
    prop_oneof![
        6 => (proptest::bool::weighted(0.1), sq.clone(), sq.clone(),
              proptest::option::weighted(0.2, sq.clone()),
              prop::sample::select(&["", "+", "++", "-", "--", "#", "?!"][..]))
            .prop_map(|(k, a, b, x, mark)| {
                let king = if k { "K" } else { "" };
                let cap = x.map_or(String::new(), |x| format!("x{x}"));
                format!("{king}{a}-{b}{cap}{mark}")
            }),
        1 => prop::sample::select(&[
            "---", ".....", "1-0", "0-1", "1/2-1/2", "*", "e6^e8", "ce5-e6", "x", "-", "a0-a1",
            "z1-z2", "a99-a1", "Ke5", "e1e4", "é1-é2",
        ][..]).prop_map(str::to_string),
    ]
}

/// A game record from its parts: tags (OpenTafl or PGN, a rules tag or a
/// variant tag among them), then numbered turns with comments between.
fn record_text() -> impl Strategy<Value = String> {
    let tag = prop_oneof![
        3 => rules_string().prop_map(|r| format!("[rules:{r}]")),
        2 => prop::sample::select(builtin_rules()).prop_map(|r| format!("[rules:{r}]")),
        2 => prop::sample::select(&["Brandubh", "Tablut", "Copenhagen", "Nope", "", "\u{0}"][..])
            .prop_map(|v| format!("[Variant \"{v}\"]")),
        1 => "[a-z]{1,8}:[ -~]{0,12}".prop_map(|s| format!("[{}]", s.replace(']', ""))),
        1 => Just("[Result \"1-0\"]".to_string()),
        1 => Just("[unclosed".to_string()),
    ];
    let token = prop_oneof![
        6 => move_word(),
        2 => (1u32..8, prop::sample::select(&[".", "...", ""][..]))
            .prop_map(|(n, d)| format!("{n}{d}")),
        1 => Just("{a comment}".to_string()),
        1 => Just("[commentary|more]".to_string()),
        1 => Just("; to the end of the line\n".to_string()),
        1 => Just("12b.1.1a. ..... d2-c2\n".to_string()),
    ];
    (
        proptest::collection::vec(tag, 0..4),
        proptest::collection::vec((token, gap()), 0..24),
    )
        .prop_map(|(tags, tokens)| {
            let mut s = tags.join("\n");
            s.push_str("\n\n");
            for (t, g) in tokens {
                s.push_str(&t);
                s.push_str(g);
            }
            s
        })
}

// ---------------------------------------------------------------- readers

/// A rules string through the reader `validate` and `build` use.
fn read_rules(text: &str) -> Result<(), TestCaseError> {
    match rules::parse_file(
        "fuzz.otn",
        std::path::Path::new("fuzz.otn"),
        text.as_bytes(),
    ) {
        Ok((v, warnings)) => {
            for w in &warnings {
                prop_assert!(!w.is_error());
            }
            plays(&v);
            // What was accepted is written out and read back the same.
            let again = otn::rules::write(&v).text;
            let back = otn::read::read("again.otn", again.as_bytes(), &v.id);
            prop_assert!(back.is_ok(), "{again}: {:?}", back.err());
        }
        Err(f) => located(&f, "fuzz.otn", text)?,
    }
    Ok(())
}

/// A position through `play --from` and `solve --from`'s reader, on a
/// 7×7 and a 9×9 built-in.
fn read_position(text: &str) -> Result<(), TestCaseError> {
    for id in ["brandubh", "saami-tablut"] {
        let v = rules::builtin(id).unwrap();
        for side in [Side::Attackers, Side::Defenders] {
            match position_of_text(&v, "from.otn", text, side) {
                Ok(g) => {
                    let _ = g.legal_moves();
                    // The board reads back from what OTN writes of it.
                    let out = otn::position::write(&g.board(), Order::RankOneFirst);
                    prop_assert_eq!(
                        otn::position::read(&out, Order::RankOneFirst).map(|b| b.0),
                        Ok(g.board())
                    );
                }
                Err(f) => located(&f, "from.otn", text)?,
            }
        }
    }
    Ok(())
}

/// A record as `taflkit record` reads it: the form, the rules it names
/// (else Brandubh, as `record brandubh FILE`), the replay, and what
/// `--format` writes of an accepted game.
fn read_record(text: &str) -> Result<(), TestCaseError> {
    let label = "game.otg";
    let src = SourceFile { label, text };
    let rec = match record::read::read(label, text) {
        Ok(r) => r,
        Err(f) => return located(&f, label, text),
    };
    let variant = match record::rules::rules_of(&rec, src) {
        Ok(Some((v, _))) => v,
        Ok(None) => rules::builtin("brandubh").unwrap(),
        Err(f) => return located(&f, label, text),
    };
    match record::replay::replay(&variant, &rec, src) {
        Ok(game) => {
            for format in [Format::Otn, Format::Pgn] {
                let out = record::write::write(format, &variant, Some(&rec), &game);
                let back = record::read::read("out", &out);
                prop_assert!(back.is_ok(), "{out}");
            }
        }
        Err(f) => located(&f, label, text)?,
    }
    Ok(())
}

/// The commands OpenTafl sends, with arguments good and bad.
fn engine_line() -> impl Strategy<Value = String> {
    let brandub = "dim:7 ks:n cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    prop_oneof![
        2 => Just(format!("rules {brandub}")),
        2 => rules_string().prop_map(|r| format!("rules {}", r.replace(['\n', '\r'], " "))),
        1 => prop::sample::select(builtin_rules()).prop_map(|r| format!("rules {r}")),
        2 => position_text().prop_map(|p| format!("position {p}")),
        2 => prop::sample::select(&["play attackers", "play defenders", "side attackers",
            "side defenders", "play", "play kings", "finish 0", "finish", "hello", "status",
            "clock 60000 3000* 10 1 1", "clock 1 2", "clock -1 -1 -1 -1 -1", "error 2",
            "analyze 1 1", "analyze x", "analyze 1 99999999999999999999", "", "   ",
            "simple-moves", "move", "opponent-move", "position", "rules"][..])
            .prop_map(str::to_string),
        2 => (proptest::collection::vec(move_word(), 1..3), proptest::option::of(position_text()))
            .prop_map(|(m, p)| format!("opponent-move {} {}", m.join("|"), p.unwrap_or_default())),
        1 => position_text().prop_map(|p| format!("move {p}")),
        1 => "[ -~]{0,40}",
    ]
}

/// The protocol's replies: the commands an engine may send, US-ASCII.
fn protocol_reply(line: &str) -> Result<(), TestCaseError> {
    prop_assert!(line.is_ascii() && !line.contains('\n'), "{line:?}");
    let word = line.split(' ').next().unwrap_or("");
    prop_assert!(
        ["move", "status", "error", "analysis"].contains(&word),
        "{line}"
    );
    if word == "error" {
        let code = line.split(' ').nth(1).unwrap_or("");
        prop_assert!(code == "0" || code == "-1", "{line}");
    }
    Ok(())
}

// ---------------------------------------------------------------- properties

proptest! {
    #![proptest_config(fuzz_config(48))]

    #[test]
    fn rules_strings_from_their_parts(text in rules_string()) {
        read_rules(&text)?;
    }

    #[test]
    fn builtin_rules_strings_mutated(
        i in 0usize..64,
        e in edits(),
    ) {
        let all = builtin_rules();
        let text = mutate(&all[i % all.len()], &e);
        read_rules(&text)?;
    }

    #[test]
    fn positions_from_their_parts(text in position_text(), lead in gap()) {
        read_position(&format!("{lead}{text}\n"))?;
    }

    #[test]
    fn positions_mutated(e in edits()) {
        let v = rules::builtin("brandubh").unwrap();
        let text = otn::position::write(&v.setup, Order::RankOneFirst);
        read_position(&mutate(&text, &e))?;
    }

    #[test]
    fn records_from_their_parts(text in record_text()) {
        read_record(&text)?;
    }

    #[test]
    fn real_records_mutated(i in 0usize..64, e in edits()) {
        let all = real_records();
        read_record(&mutate(&all[i % all.len()], &e))?;
    }

    #[test]
    fn engine_sessions_answer_every_line_in_the_protocol(
        lines in proptest::collection::vec(engine_line(), 1..10),
    ) {
        // A shallow search: the property is the answers, not their strength.
        let mut s = Session::new(Some(Limits::depth(1)));
        for l in &lines {
            let reply = s.handle(l);
            for out in &reply.lines {
                protocol_reply(out)?;
            }
        }
    }
}
