//! The tests of `src/kit/puzzle_cache.rs` that were its unit tests.

use taflkit::kit::puzzle_cache::*;
use taflkit::rules::proof::Win;
use taflkit::rules::puzzles::{Effort, Puzzle};
use taflkit::rules::solver::Action;
use taflkit::rules::{self, puzzles};
use taflkit::rules::{Game, Side, Variant};

fn brandubh() -> Variant {
    rules::builtin("brandubh").expect("built-in")
}

/// A few proven puzzles and their key.
fn sample() -> (Variant, Key, Vec<Puzzle>) {
    let v = brandubh();
    let found = puzzles::find(&v, 2, 7, &Effort::KIT);
    assert!(!found.is_empty(), "brandubh gives puzzles");
    (v.clone(), Key::new(&v, 2, 7, &Effort::KIT), found)
}

fn text(key: &Key, found: &[Puzzle]) -> String {
    write(key, found).expect("proven puzzles have certificates")
}

/// What a page prints from a puzzle: its position, side, moves and
/// the proof its answer is written from.
fn drawn(p: &[Puzzle]) -> Vec<(String, Side, u32, Vec<Action>, Win)> {
    p.iter()
        .map(|p| {
            let (game, proof) = (p.game.diagram(), p.proof.clone());
            (game, p.to_move(), p.moves, p.solution.clone(), proof)
        })
        .collect()
}

#[test]
fn an_entry_reads_back_as_what_is_drawn() {
    let (v, key, found) = sample();
    let back = parse(&text(&key, &found), &key, &v).expect("reads");
    assert_eq!(drawn(&back), drawn(&found));
}

#[test]
fn a_changed_byte_is_damage() {
    let (v, key, found) = sample();
    let text = text(&key, &found);
    // Flip the side to move of the first puzzle: still a readable
    // entry, but not the one written.
    let bad = text.replacen("puzzle attackers", "puzzle defenders", 1);
    let bad = if bad == text {
        text.replacen("puzzle defenders", "puzzle attackers", 1)
    } else {
        bad
    };
    assert_eq!(parse(&bad, &key, &v).err(), Some(Miss::Damaged));
    assert_eq!(parse("", &key, &v).err(), Some(Miss::Damaged));
    assert_eq!(
        parse(&text[..text.len() / 2], &key, &v).err(),
        Some(Miss::Damaged)
    );
}

/// An entry written with another header, checksum made right, so only
/// the header can refuse it.
fn with_header(text: &str, from: &str, to: &str) -> String {
    let body_end = text.rfind("checksum ").expect("checksum line");
    let body = text[..body_end].replacen(from, to, 1);
    format!("{body}checksum {:016x}\n", fnv(body.as_bytes(), FNV_START))
}

#[test]
fn another_engine_or_key_is_refused() {
    let (v, key, found) = sample();
    let text = text(&key, &found);
    let other = with_header(
        &text,
        &format!("engine {ENGINE:016x}"),
        &format!("engine {:016x}", ENGINE ^ 1),
    );
    assert_eq!(parse(&other, &key, &v).err(), Some(Miss::OtherVersion));
    let foreign = Key::new(&v, 2, 8, &Effort::KIT);
    assert_eq!(parse(&text, &foreign, &v).err(), Some(Miss::Foreign));
}

#[test]
fn a_puzzle_that_does_not_prove_is_refused() {
    let (v, key, found) = sample();
    let text = text(&key, &found);
    // The start position under the first puzzle's answer and
    // certificate: well formed, checksum right, but not a forced win.
    let rows: String = found[0]
        .game
        .diagram()
        .lines()
        .map(|r| format!("row {r}\n"))
        .collect();
    let start: String = Game::new(&v)
        .diagram()
        .lines()
        .map(|r| format!("row {r}\n"))
        .collect();
    let fake = with_header(&text, &rows, &start);
    assert_ne!(fake, text);
    assert_eq!(parse(&fake, &key, &v).err(), Some(Miss::Unproven));
    // The certificate cut by one word, or one of its moves changed.
    let proof = text
        .lines()
        .find(|l| l.starts_with("proof "))
        .expect("a proof line");
    let (cut, _) = proof.rsplit_once(' ').expect("more than one word");
    let cut = with_header(&text, proof, cut);
    assert_eq!(parse(&cut, &key, &v).err(), Some(Miss::Unproven));
    let dir = tempfile::tempdir().expect("temp dir");
    store(dir.path(), &key, &found).expect("stored");
    let back = load(dir.path(), &key, &v).expect("proves");
    assert_eq!(drawn(&back), drawn(&found));
}

/// A built-in read back from its OpenTafl rules string, as
/// `validate brandubh.otn` reads it: the same id, another name, no theme,
/// no options, and the rules the string had to leave out.
fn from_otn(v: &Variant) -> (Variant, Vec<rules::otn::rules::Lost>) {
    let written = rules::otn::rules::write(v);
    let (back, _) = rules::otn::read::read("otn", written.text.as_bytes(), &v.id)
        .unwrap_or_else(|f| panic!("{}: {f:?}", v.id));
    (back, written.lost)
}

/// The key holds what the search reads, not what the kit calls it: the
/// built-ins whose rules string says every rule as the file does have the
/// built-in's key (so `validate fetlar.otn` reuses Fetlar's search), one
/// whose string had to leave a rule out (another game) has another, and
/// so has a layout with a piece fewer.
#[test]
fn a_variant_under_other_names_has_its_rules_key() {
    let key = |v: &Variant| Key::new(v, 4, taflkit::kit::puzzle_page::seed(v), &Effort::KIT);
    let mut shared = Vec::new();
    for id in rules::builtin_ids() {
        let v = rules::builtin(id).expect("built-in");
        let (otn, lost) = from_otn(&v);
        if key(&otn) == key(&v) {
            assert!(lost.is_empty(), "{id}: lost {lost:?}, yet the same key");
            shared.push(*id);
        }
        let mut fewer = v.clone();
        let piece = fewer.setup.iter_mut().flatten().find(|c| c.is_some());
        *piece.expect("a piece") = None;
        assert_ne!(key(&fewer), key(&v), "{id}: one piece fewer");
    }
    // These four say every rule in OpenTafl's words as their files do.
    for id in ["sea-battle-9-cyningstan", "fetlar", "skalk", "tawlbwrdd"] {
        assert!(shared.contains(&id), "{id}: {shared:?}");
    }
}

/// Two variants with one key get the same puzzles: Brandubh, and Brandubh
/// under another name, in another theme, with an option it leaves off,
/// each searched on its own.
#[test]
fn a_shared_key_is_the_same_puzzles() {
    let (v, key, found) = sample();
    let mut other = rules::builtin("tafel").expect("built-in");
    other.options.iter_mut().for_each(|o| o.enabled = false);
    let renamed = Variant {
        name: "Not Brandubh".into(),
        default_theme: Some("christmas".into()),
        options: other.options,
        ..v.clone()
    };
    assert!(!renamed.options.is_empty());
    assert_eq!(Key::new(&renamed, 2, 7, &Effort::KIT), key);
    let again = puzzles::find(&renamed, 2, 7, &Effort::KIT);
    assert_eq!(drawn(&again), drawn(&found));
}
