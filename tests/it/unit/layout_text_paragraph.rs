//! The tests of `src/layout/text/paragraph.rs` that were its unit tests.

use taflkit::layout::FontRole;
use taflkit::layout::text::paragraph::*;
use taflkit::layout::text::{FontSet, Span};
use taflkit::units::{Mm, Pt};

fn body(t: &str) -> Vec<Span> {
    vec![Span::new(t, FontRole::Body)]
}

#[test]
fn a_move_is_never_broken_at_its_hyphen() {
    let f = FontSet::builtin();
    // Narrow enough that "e1-e4" would otherwise be split after "e1-".
    let text = "Note each move as its squares: e1-e4, a well-known pre-war rule.";
    for mm in 20..80 {
        let lines = break_lines(&f, &body(text), Pt(10.0), Mm(mm as f64), Mm::ZERO, Mm::ZERO);
        let texts: Vec<String> = lines
            .iter()
            .map(|l| l.runs.iter().map(|r| r.text.as_str()).collect())
            .collect();
        assert!(
            texts.iter().any(|t| t.contains("e1-e4")),
            "{mm} mm: {texts:?}"
        );
    }
    assert!(inside_move("e1-e4", 3));
    assert!(!inside_move("pre-war", 4));
    assert!(!inside_move("e1-e4", 2));
}

#[test]
fn forced_break_starts_a_new_line() {
    let f = FontSet::builtin();
    let lines = break_lines(
        &f,
        &body("one\ntwo"),
        Pt(10.0),
        Mm(100.0),
        Mm::ZERO,
        Mm::ZERO,
    );
    let texts: Vec<&str> = lines.iter().map(|l| l.runs[0].text.as_str()).collect();
    assert_eq!(texts, ["one", "two"]);
}

#[test]
fn spans_from_resumes_mid_span() {
    let spans = vec![
        Span::new("ab ", FontRole::Body),
        Span::new("cd", FontRole::Bold),
    ];
    assert_eq!(
        spans_from(&spans, 1),
        vec![
            Span::new("b ", FontRole::Body),
            Span::new("cd", FontRole::Bold)
        ]
    );
    assert_eq!(spans_from(&spans, 3), vec![Span::new("cd", FontRole::Bold)]);
}
