//! Line breaking and setting: lines never exceed the measure, nothing is
//! lost, and runs sit where the shaper says the previous run ended.

use crate::common;
use proptest::prelude::*;
use taflkit::layout::text::{
    Align, FontSet, ParagraphStyle, Span, break_lines, fit_size, set_line, set_paragraph,
    set_paragraph_styled,
};
use taflkit::layout::{FontRole, Item, Rgb, Text, TextStyle};
use taflkit::units::{Mm, Point, Pt};

const EPS: f64 = 1e-6;

/// The lines of a set paragraph, which is text lines only (no group, no
/// drawing).
fn texts(items: &[Item]) -> Vec<&Text> {
    let placed = common::placed(items);
    assert!(
        placed.len() == items.len() && placed.iter().all(|p| p.depth == 0),
        "a paragraph holds only text lines: {items:?}"
    );
    placed.into_iter().map(|p| p.text).collect()
}

fn words(spans: &[Span]) -> Vec<String> {
    spans
        .iter()
        .map(|s| s.text.as_str())
        .collect::<String>()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Rich text from words: each word in one of the text faces.
fn spans_strategy() -> impl Strategy<Value = Vec<Span>> {
    let word = prop_oneof![
        4 => "[a-zA-Z]{1,9}[,.;]?",
        1 => "[A-Za-zÆØÅæøå’-]{10,40}",
        1 => "[0-9]{1,4}",
    ];
    let font = prop_oneof![
        Just(FontRole::Body),
        Just(FontRole::Bold),
        Just(FontRole::Italic),
        Just(FontRole::Heading)
    ];
    prop::collection::vec(
        (
            word,
            font,
            prop_oneof![4 => Just(" "), 1 => Just("  "), 1 => Just("\n")],
        ),
        0..60,
    )
    .prop_map(|ws| {
        ws.into_iter()
            .map(|(w, f, sep)| Span::new(format!("{w}{sep}"), f))
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn no_line_is_wider_than_the_measure(
        spans in spans_strategy(),
        width in 12.0f64..160.0,
        size in 6.0f64..24.0,
        align in prop_oneof![Just(Align::Left), Just(Align::Centre), Just(Align::Right)],
        indent_share in 0.0f64..1.0,
    ) {
        // A line must be able to hold the widest single character of the
        // text (Berenika's Æ is 10 mm at 20 pt); below that nothing can
        // fit, which is the documented limit, not what is tested here.
        let f = FontSet::builtin();
        let widest = spans
            .iter()
            .flat_map(|s| s.text.chars().map(move |c| (c, s.font)))
            .map(|(c, font)| {
                let style = TextStyle { font, size: Pt(size), color: Rgb::BLACK };
                f.width(&style, &c.to_string()).0
            })
            .fold(0.0, f64::max);
        let indent = indent_share * (width - widest).clamp(0.0, 6.0);
        prop_assume!(width - indent >= widest);
        let origin = Point::new(Mm(20.0), Mm(30.0));
        let mut style = ParagraphStyle::new(Pt(size), Rgb::BLACK, 1.2);
        style.align = align;
        style.first_indent = Mm(indent);
        style.indent = Mm(indent / 2.0);
        let set = set_paragraph_styled(&f, &spans, &style, Mm(width), origin);
        for t in texts(&set.items) {
            let right = t.origin.x + f.width(&t.style, &t.text);
            prop_assert!(t.origin.x.0 >= origin.x.0 - EPS, "{t:?} starts left of the measure");
            prop_assert!(right.0 <= origin.x.0 + width + EPS,
                "{:?} ends at {} beyond {}", t.text, right.0, origin.x.0 + width);
        }
        // Every word is still there, in order.
        let set_words: Vec<String> = texts(&set.items)
            .iter()
            .map(|t| t.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
            .split_whitespace()
            .map(str::to_string)
            .collect();
        let joined_in: String = words(&spans).concat();
        let joined_out: String = set_words.concat();
        prop_assert_eq!(joined_in, joined_out);
        prop_assert!((set.height.0 - set.lines as f64 * style.line_height().0).abs() < EPS);
        let baselines: std::collections::BTreeSet<i64> =
            texts(&set.items).iter().map(|t| (t.origin.y.0 * 1e6).round() as i64).collect();
        prop_assert_eq!(baselines.len(), set.lines);
    }

    #[test]
    fn any_text_is_set_without_panicking_and_within_the_measure(
        text in "(\\PC|[\t\r\n\u{200b}\u{00ad}\u{0301}]){0,200}",
        width in 15.0f64..100.0,
    ) {
        let f = FontSet::builtin();
        let spans = vec![Span::new(text.clone(), FontRole::Body)];
        let set = set_paragraph(&f, &spans, Pt(9.0), Rgb::BLACK, Mm(width), 1.2, Point::new(Mm(0.0), Mm(0.0)));
        for t in texts(&set.items) {
            prop_assert!((t.origin.x + f.width(&t.style, &t.text)).0 <= width + EPS, "{:?}", t.text);
            prop_assert!(!t.text.contains('\n'));
        }
    }

    #[test]
    fn lines_are_filled_greedily(
        ws in prop::collection::vec("[a-z]{1,8}", 1..80),
        width in 30.0f64..120.0,
    ) {
        let f = FontSet::builtin();
        let spans = vec![Span::new(ws.join(" "), FontRole::Body)];
        let lines = break_lines(&f, &spans, Pt(10.0), Mm(width), Mm::ZERO, Mm::ZERO);
        for pair in lines.windows(2) {
            let this = &pair[0].runs[0].text;
            let next_word = pair[1].runs[0].text.split(' ').next().unwrap_or_default();
            let longer = f.width_of(FontRole::Body, Pt(10.0), &format!("{this} {next_word}"));
            prop_assert!(longer.0 > width, "{this:?} could also hold {next_word:?}");
        }
    }
}

#[test]
fn runs_follow_each_other_exactly() {
    let f = FontSet::builtin();
    let spans = vec![
        Span::new("The ", FontRole::Body),
        Span::new("king", FontRole::Bold),
        Span::new(" escapes to a ", FontRole::Body),
        Span::new("corner", FontRole::Italic),
        Span::new(".", FontRole::Body),
    ];
    let set = set_paragraph(
        &f,
        &spans,
        Pt(10.0),
        Rgb::BLACK,
        Mm(200.0),
        1.2,
        Point::new(Mm(5.0), Mm(5.0)),
    );
    assert_eq!(set.lines, 1);
    let t = texts(&set.items);
    assert_eq!(t.len(), 5);
    assert_eq!(t[0].origin.x, Mm(5.0));
    for w in t.windows(2) {
        let end = w[0].origin.x + f.width(&w[0].style, &w[0].text);
        assert!((end.0 - w[1].origin.x.0).abs() < EPS);
        assert_eq!(w[0].origin.y, w[1].origin.y);
    }
    // Baseline one ascent below the top, of the tallest face used.
    let asc = [FontRole::Body, FontRole::Bold, FontRole::Italic]
        .map(|font| {
            f.ascent(&TextStyle {
                font,
                size: Pt(10.0),
                color: Rgb::BLACK,
            })
            .0
        })
        .into_iter()
        .fold(0.0, f64::max);
    assert!((t[0].origin.y.0 - (5.0 + asc)).abs() < EPS);
}

#[test]
fn a_word_longer_than_the_line_is_broken_to_fit() {
    let f = FontSet::builtin();
    let spans = vec![Span::new("Hnefataflbrettspielsammlung", FontRole::Body)];
    let lines = break_lines(&f, &spans, Pt(12.0), Mm(15.0), Mm::ZERO, Mm::ZERO);
    assert!(lines.len() >= 2, "{lines:?}");
    let joined: String = lines
        .iter()
        .flat_map(|l| l.runs.iter().map(|r| r.text.as_str()))
        .collect();
    assert_eq!(joined, "Hnefataflbrettspielsammlung");
    assert!(lines.iter().all(|l| l.width.0 <= 15.0 + EPS));
}

#[test]
fn centred_lines_are_centred() {
    let f = FontSet::builtin();
    let mut style = ParagraphStyle::new(Pt(12.0), Rgb::BLACK, 1.2);
    style.align = Align::Centre;
    let set = set_paragraph_styled(
        &f,
        &[Span::new("Attackers", FontRole::Body)],
        &style,
        Mm(100.0),
        Point::new(Mm(0.0), Mm(0.0)),
    );
    let t = texts(&set.items)[0];
    let w = f.width(&t.style, &t.text).0;
    assert!((t.origin.x.0 - (100.0 - w) / 2.0).abs() < EPS);

    let s = TextStyle {
        font: FontRole::Heading,
        size: Pt(20.0),
        color: Rgb::BLACK,
    };
    let Item::Text(line) = set_line(&f, "Tafl", s, Align::Centre, Mm(50.0), Mm(10.0)) else {
        panic!("not text")
    };
    let w = f.width(&s, "Tafl").0;
    assert!((line.origin.x.0 + w / 2.0 - 50.0).abs() < EPS);
}

#[test]
fn fit_size_shrinks_until_it_fits() {
    let f = FontSet::builtin();
    let text = "Hnefatafl — the King's Table";
    let size = fit_size(&f, FontRole::Heading, text, Mm(60.0), Pt(40.0), Pt(6.0));
    assert!(size.0 < 40.0);
    assert!(f.width_of(FontRole::Heading, size, text).0 <= 60.0);
    assert!(f.width_of(FontRole::Heading, Pt(size.0 + 0.25), text).0 > 60.0);
}

#[test]
fn empty_text_sets_nothing() {
    let f = FontSet::builtin();
    let set = set_paragraph(
        &f,
        &[],
        Pt(10.0),
        Rgb::BLACK,
        Mm(50.0),
        1.2,
        Point::new(Mm(0.0), Mm(0.0)),
    );
    assert_eq!((set.lines, set.items.len(), set.height), (0, 0, Mm(0.0)));
}
