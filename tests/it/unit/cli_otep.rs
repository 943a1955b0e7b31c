//! The tests of `src/cli/otep.rs` that were its unit tests.

use taflkit::cli::otep::*;
use taflkit::rules::search::Limits;
use taflkit::rules::{Game, Side};

const BRANDUBH: &str = "rules dim:7 ks:n cenhe: cenh: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

fn session() -> Session {
    Session::new(Some(Limits::depth(2)))
}

#[test]
fn the_clock_reads_as_the_spec_writes_it() {
    let c = clock_of("300000 120000* 30 3 2").unwrap();
    assert_eq!(
        (c.attackers, c.defenders, c.overtime_ms),
        (300_000, 120_000, 30_000)
    );
    assert_eq!(clock_of("300000 120000 30 3"), None);
    assert_eq!(clock_of("a b c d e"), None);
}

#[test]
fn think_time_follows_the_clock() {
    let mut s = Session::new(None);
    assert_eq!(s.think(Side::Attackers), Limits::time_ms(1000));
    s.handle("clock 60000 3000 0 0 0");
    assert_eq!(s.think(Side::Attackers), Limits::time_ms(2000));
    assert_eq!(s.think(Side::Defenders), Limits::time_ms(100));
}

#[test]
fn commands_before_rules_are_refused_not_panicking() {
    let mut s = session();
    for c in [
        "play attackers",
        "position /7/",
        "analyze 1 1",
        "opponent-move a1-a2 /7/",
    ] {
        let r = s.handle(c);
        assert!(r.lines[0].starts_with("error 0 "), "{c}: {r:?}");
    }
}

#[test]
fn a_brandubh_opening_is_answered_with_a_legal_move() {
    let mut s = session();
    assert_eq!(s.handle(BRANDUBH), Reply::none());
    let r = s.handle("play attackers");
    let m = r.lines[0].strip_prefix("move ").unwrap();
    let mv = taflkit::rules::Move::parse(m).unwrap();
    let v = taflkit::rules::builtin("brandubh").unwrap();
    assert!(Game::new(&v).legal_moves().contains(&mv), "{m}");
}

#[test]
fn unplayable_rules_are_a_critical_error_naming_the_key() {
    let mut s = session();
    let r = s.handle("rules dim:7 kj:r start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    assert!(r.lines[0].starts_with("error -1 "), "{r:?}");
    assert!(r.lines[0].contains("kj:r"), "{r:?}");
    assert!(r.lines[0].is_ascii());
}
