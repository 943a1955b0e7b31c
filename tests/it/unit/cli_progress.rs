//! The tests of `src/cli/progress.rs` that were its unit tests.

use std::time::Duration;
use taflkit::cli::progress::*;

fn run(terminal: bool, updates: u32, total: Duration) -> String {
    let mut buf = Vec::new();
    let mut p = Progress::new(&mut buf, terminal);
    for i in 1..=updates {
        p.update(total * i / updates, &format!("perft: {i}/{updates}"));
    }
    p.finish(&format!("perft: {updates}/{updates}"), false);
    String::from_utf8(buf).unwrap()
}

#[test]
fn a_quick_count_prints_nothing() {
    assert_eq!(run(true, 645, Duration::from_millis(200)), "");
    assert_eq!(run(false, 645, Duration::from_millis(200)), "");
}

#[test]
fn a_terminal_gets_one_line_redrawn_in_place() {
    let out = run(true, 645, Duration::from_secs(3));
    assert_eq!(out.matches('\n').count(), 1, "{out:?}");
    assert!(out.ends_with("\rperft: 645/645\x1b[K\n"), "{out:?}");
    assert!(out.matches('\r').count() <= 30, "{out:?}");
}

#[test]
fn a_log_gets_a_line_every_ten_seconds() {
    let out = run(false, 645, Duration::from_secs(35));
    assert_eq!(out.lines().count(), 3, "{out:?}");
    assert!(!out.contains('\r'));
}

#[test]
fn verbose_always_gets_the_final_line() {
    let mut buf = Vec::new();
    let mut p = Progress::new(&mut buf, false);
    p.update(Duration::from_millis(200), "perft: 1/2");
    p.finish("perft: 2/2", true);
    assert_eq!(String::from_utf8(buf).unwrap(), "perft: 2/2\n");
}
