//! The tests of `src/cli/lines.rs` that were its unit tests.

use taflkit::cli::lines::*;

fn all(input: &[u8]) -> Vec<Line> {
    let mut l = Lines::new(std::io::BufReader::with_capacity(16, input));
    std::iter::from_fn(|| l.next_line().unwrap()).collect()
}

#[test]
fn lines_split_on_newlines_without_endings() {
    assert_eq!(
        all(b"e1-e4\r\n\nquit"),
        vec![
            Line::Text("e1-e4".into()),
            Line::Text(String::new()),
            Line::Text("quit".into())
        ]
    );
}

#[test]
fn an_overlong_line_is_dropped_and_the_next_line_still_read() {
    let mut input = vec![b'x'; MAX_LINE_BYTES + 1];
    input.extend_from_slice(b"\ne1-e4\n");
    assert_eq!(all(&input), vec![Line::TooLong, Line::Text("e1-e4".into())]);
    // Exactly the limit is kept.
    let input = vec![b'x'; MAX_LINE_BYTES];
    assert_eq!(all(&input), vec![Line::Text("x".repeat(MAX_LINE_BYTES))]);
}

#[test]
fn bytes_that_are_not_text_are_named() {
    assert_eq!(all(b"\xff\xfe\n"), vec![Line::NotText]);
}
