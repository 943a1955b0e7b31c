//! Markdown to rich-text blocks.

use taflkit::layout::FontRole;
use taflkit::layout::text::{Block, BlockKind, Span, markdown_blocks};

fn text(b: &Block) -> String {
    b.spans.iter().map(|s| s.text.as_str()).collect()
}

#[test]
fn emphasis_and_strong_become_italic_and_bold_spans() {
    let b = markdown_blocks("The *king* moves like a **rook**, *not **far***.");
    assert_eq!(b.len(), 1);
    assert_eq!(b[0].kind, BlockKind::Paragraph);
    assert_eq!(
        b[0].spans,
        vec![
            Span::new("The ", FontRole::Body),
            Span::new("king", FontRole::Italic),
            Span::new(" moves like a ", FontRole::Body),
            Span::new("rook", FontRole::Bold),
            Span::new(", ", FontRole::Body),
            Span::new("not ", FontRole::Italic),
            Span::new("far", FontRole::Bold),
            Span::new(".", FontRole::Body),
        ]
    );
}

#[test]
fn headings_paragraphs_and_soft_breaks() {
    let b =
        markdown_blocks("# Aim of the game\n\nThe king\nescapes.\n\n## Moving\nAll pieces move.");
    let kinds: Vec<BlockKind> = b.iter().map(|b| b.kind).collect();
    assert_eq!(
        kinds,
        [
            BlockKind::Heading(1),
            BlockKind::Paragraph,
            BlockKind::Heading(2),
            BlockKind::Paragraph
        ]
    );
    assert_eq!(text(&b[1]), "The king escapes.");
    assert!(b[0].spans.iter().all(|s| s.font == FontRole::Heading));
    assert_eq!(text(&b[0]), "Aim of the game");
}

#[test]
fn numbered_lists_keep_their_numbers() {
    let b = markdown_blocks("3. first\n4. second\n5. *third*\n");
    let kinds: Vec<BlockKind> = b.iter().map(|b| b.kind).collect();
    assert_eq!(
        kinds,
        [
            BlockKind::ListItem(Some(3)),
            BlockKind::ListItem(Some(4)),
            BlockKind::ListItem(Some(5))
        ]
    );
    assert_eq!(b[2].spans, vec![Span::new("third", FontRole::Italic)]);
}

#[test]
fn bulleted_and_loose_lists() {
    let b = markdown_blocks("- one\n\n- two\n  continued\n\n  second paragraph\n\nAfter.");
    let got: Vec<(BlockKind, String)> = b.iter().map(|b| (b.kind, text(b))).collect();
    assert_eq!(
        got,
        [
            (BlockKind::ListItem(None), "one".to_string()),
            (BlockKind::ListItem(None), "two continued".to_string()),
            (BlockKind::Paragraph, "second paragraph".to_string()),
            (BlockKind::Paragraph, "After.".to_string()),
        ]
    );
}

#[test]
fn nested_list_items_are_flattened_in_order() {
    let b = markdown_blocks("1. outer\n   - inner\n2. next\n");
    let got: Vec<(BlockKind, String)> = b.iter().map(|b| (b.kind, text(b))).collect();
    assert_eq!(
        got,
        [
            (BlockKind::ListItem(Some(1)), "outer".to_string()),
            (BlockKind::ListItem(None), "inner".to_string()),
            (BlockKind::ListItem(Some(2)), "next".to_string()),
        ]
    );
}

#[test]
fn links_and_code_are_their_text() {
    let b = markdown_blocks("See [the rules](https://example.org) and `e4`.");
    assert_eq!(text(&b[0]), "See the rules and e4.");
}

#[test]
fn html_is_literal_text_never_markup() {
    let b = markdown_blocks(
        "A <b>bold</b> claim.\n\n<script>alert(1)</script>\n\n<!-- hidden -->\n\nEnd.",
    );
    let texts: Vec<String> = b.iter().map(text).collect();
    assert_eq!(texts[0], "A <b>bold</b> claim.");
    assert!(b[0].spans.iter().all(|s| s.font == FontRole::Body));
    assert_eq!(texts[1], "<script>alert(1)</script>");
    assert_eq!(texts.last().map(String::as_str), Some("End."));
    assert!(!texts.iter().any(|t| t.contains("hidden")));
}

#[test]
fn hard_break_is_a_newline() {
    let b = markdown_blocks("line one  \nline two");
    assert_eq!(text(&b[0]), "line one\nline two");
}

#[test]
fn empty_input_has_no_blocks() {
    assert!(markdown_blocks("").is_empty());
    assert!(markdown_blocks("\n\n   \n").is_empty());
}

#[test]
fn punctuation_is_made_typographic() {
    let b = markdown_blocks("The king's \"throne\" -- 1--2 --- wait...");
    assert_eq!(
        text(&b[0]),
        "The king\u{2019}s \u{201c}throne\u{201d} \u{2013} 1\u{2013}2 \u{2014} wait\u{2026}"
    );
}

proptest::proptest! {
    #[test]
    fn any_input_parses_to_trimmed_non_empty_blocks(md in "(\\PC|[\n*_#>`<\\[\\]()1.-]){0,300}") {
        for b in markdown_blocks(&md) {
            proptest::prop_assert!(!b.spans.is_empty());
            let t = text(&b);
            proptest::prop_assert_eq!(t.trim(), t.as_str());
        }
    }
}
