//! The tests of `src/layout/text/markdown.rs` that were its unit tests.

use taflkit::layout::text::markdown::*;

#[test]
fn blocks_are_trimmed_across_spans() {
    let b = markdown_blocks("* * a *  \n");
    for block in &b {
        let t: String = block.spans.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(t.trim(), t);
    }
    let b = markdown_blocks("** ** *x*");
    let t: String = b[0].spans.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(t.trim(), t);
}

#[test]
fn code_block_lines_are_kept_as_text() {
    let b = markdown_blocks("    let x = 1;\n");
    assert_eq!(b.len(), 1);
    assert_eq!(b[0].spans[0].text, "let x = 1;");
}
