//! Fuzzing of every parser of untrusted input (issue 12): `theme.toml`,
//! theme SVG art, story and introduction Markdown, variant files, position
//! files and move lists. Inputs are generated from each format's own parts
//! (keys, values, elements, markup) and mutated, so most cases get past
//! the first syntax check and reach the checks behind it.
//!
//! Properties: nothing panics; every input is bounded (so nothing can
//! hang: a case that never ends fails the run); errors name their file
//! and, where they give a line and column, one inside the text; accepted
//! input round-trips (positions, moves) or lays out (themes, art, text).
//!
//! Each property runs a few dozen cases in `cargo test`; set
//! `TAFLKIT_FUZZ_CASES` for a long run (see the README, "Tests").

use crate::common;

use std::path::Path;

use crate::common::kit::{self, KitError, KitOptions};
use common::fuzz_config;
use proptest::prelude::*;
use taflkit::diagnostics::{Diagnostic, Failure};
use taflkit::layout::flow::{FlowStyle, flow};
use taflkit::layout::text::{FontSet, markdown_blocks};
use taflkit::layout::{Item, Rgb};
use taflkit::rules::{self, Game, Move, Side};
use taflkit::theme::Theme;
use taflkit::theme::svg::parse_art;
use taflkit::units::{Mm, Rect};

// ---------------------------------------------------------------- helpers

/// With `TAFLKIT_FUZZ_STATS` set, prints how many cases each property saw
/// accepted, every thousand cases: a generator that never produces valid
/// input tests only the first error path.
fn stats(what: &'static str, accepted: bool) {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static COUNTS: Mutex<Option<HashMap<&'static str, (u64, u64)>>> = Mutex::new(None);
    if std::env::var_os("TAFLKIT_FUZZ_STATS").is_none() {
        return;
    }
    let mut all = COUNTS.lock().unwrap_or_else(|e| e.into_inner());
    let c = all
        .get_or_insert_with(HashMap::new)
        .entry(what)
        .or_default();
    c.0 += 1;
    c.1 += u64::from(accepted);
    if c.0.is_multiple_of(100) {
        eprintln!("{what}: {} of {} accepted", c.1, c.0);
    }
}

/// Every diagnostic names `file` (or a file inside the folder `file`) and
/// any line and column it gives lie inside `text`.
fn located(f: &Failure, file: &str, text: Option<&str>) -> Result<(), TestCaseError> {
    for d in &f.diagnostics {
        prop_assert!(d.source.starts_with(file), "{d} does not name {file}");
        position_inside(d, text)?;
    }
    Ok(())
}

fn position_inside(d: &Diagnostic, text: Option<&str>) -> Result<(), TestCaseError> {
    if let (Some(line), Some(text)) = (d.line, text) {
        let lines = text.split('\n').count();
        prop_assert!(line >= 1 && line <= lines, "{d}: line {line} of {lines}");
        let col = d.column.unwrap_or(1);
        let len = text
            .split('\n')
            .nth(line - 1)
            .map_or(0, |l| l.chars().count());
        prop_assert!(col >= 1 && col <= len + 1, "{d}: column {col} of {len}");
    }
    // What reaches the terminal holds no raw control character.
    prop_assert!(!d.to_string().chars().any(char::is_control), "{d:?}");
    Ok(())
}

/// Every number an item tree would put on a page is finite.
fn finite(items: &[Item]) -> bool {
    use taflkit::layout::PathCmd;
    let pts = |cmds: &[PathCmd]| {
        cmds.iter().all(|c| match *c {
            PathCmd::MoveTo(p) | PathCmd::LineTo(p) => p.x.0.is_finite() && p.y.0.is_finite(),
            PathCmd::CubicTo(a, b, p) => [a, b, p]
                .iter()
                .all(|p| p.x.0.is_finite() && p.y.0.is_finite()),
            PathCmd::Close => true,
        })
    };
    items.iter().all(|i| match i {
        Item::Path(p) => pts(&p.commands),
        Item::Text(t) => t.origin.x.0.is_finite() && t.origin.y.0.is_finite(),
        Item::Group(g) => {
            let t = g.transform;
            [t.a, t.b, t.c, t.d, t.e.0, t.f.0]
                .iter()
                .all(|v| v.is_finite())
                && g.clip.as_deref().is_none_or(pts)
                && finite(&g.items)
        }
        Item::Art(d) => finite(&d.items),
    })
}

/// Text with the characters that trouble parsers: quotes, escapes,
/// brackets, control characters, combining marks, wide and zero-width
/// characters.
fn nasty_text(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            6 => "[a-zA-Z ]{1,8}",
            1 => Just("\"".to_string()),
            1 => Just("\\".to_string()),
            1 => Just("'".to_string()),
            1 => "[\\[\\]{}()<>#*_`=~|!-]{1,3}",
            1 => "[\u{0}-\u{1f}\u{7f}\u{85}]",
            1 => "[\u{300}\u{200b}\u{202e}\u{feff}\u{fffd}æøåλ字😀]",
            1 => "[0-9.eE+-]{1,6}",
        ],
        0..max,
    )
    .prop_map(|v| v.concat())
}

/// A TOML basic string holding `s` (escaped, so any character can be
/// written), or sometimes the raw text (to test what the TOML parser
/// itself refuses).
fn toml_string(s: String, raw: bool) -> String {
    if raw {
        format!("\"{s}\"")
    } else {
        let mut out = String::from("\"");
        for c in s.chars() {
            match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
        out
    }
}

/// A TOML value of any kind, mostly well formed.
fn toml_value() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => (nasty_text(12), prop::bool::weighted(0.1)).prop_map(|(s, raw)| toml_string(s, raw)),
        1 => Just("\"#1e4a8c\"".to_string()),
        1 => "\"#[0-9a-fA-FgG]{0,7}\"",
        1 => prop_oneof![
            Just("inf"), Just("-inf"), Just("nan"), Just("1e308"), Just("-0.0"),
            Just("0"), Just("25"), Just("19.5"), Just("99999999999999999999"),
        ].prop_map(str::to_string),
        1 => any::<f64>().prop_map(|v| format!("{v:?}")),
        1 => any::<i64>().prop_map(|v| v.to_string()),
        1 => prop_oneof![Just("true"), Just("false")].prop_map(str::to_string),
        1 => Just("[\"disc\", 1, true]".to_string()),
        1 => Just("{ one = \"elf\", many = \"elves\", proper = true }".to_string()),
        1 => Just("{ one = \"\" }".to_string()),
        1 => prop_oneof![Just("\"disc\""), Just("\"shield\""), Just("\"square\""), Just("\"shied\"")]
            .prop_map(str::to_string),
        1 => "[a-z\\[\\]{}=\"',.]{0,10}",
    ]
}

// ------------------------------------------------------------- theme.toml

/// Keys to write, known ones more often than mistakes.
const THEME_KEYS: &[&str] = &[
    "name", "name", "web", "credits", "credits", "story", "intro", "nmae", "colors",
];
/// The tables of `theme.toml` with their keys (the reader's own lists)
/// and one mistyped key each; the common tables come twice, so more
/// themes are written with them.
fn theme_tables() -> Vec<(&'static str, Vec<&'static str>)> {
    use taflkit::theme::format::*;
    let with = |keys: &[&'static str], typo: &'static str| {
        let mut v = keys.to_vec();
        v.push(typo);
        v
    };
    vec![
        ("names", with(NAME_KEYS, "kign")),
        ("names", with(NAME_KEYS, "kign")),
        ("colours", with(COLOUR_KEYS, "purple")),
        ("colours", with(COLOUR_KEYS, "purple")),
        ("fonts", with(FONT_KEYS, "mono")),
        ("art", with(ART_KEYS, "flag")),
        ("pieces", with(PIECE_KEYS, "size")),
        ("pieces", with(PIECE_KEYS, "size")),
        ("names.king", with(NOUN_KEYS, "two")),
    ]
}

/// A value of the kind `table.key` takes, mostly, so that many generated
/// themes are accepted and reach layout; sometimes any value at all.
fn value_for(table: &str, key: &str) -> BoxedStrategy<String> {
    let string = |max| {
        (nasty_text(max), prop::bool::weighted(0.05))
            .prop_map(|(s, raw)| toml_string(s, raw))
            .boxed()
    };
    let fitting = match (table, key) {
        ("colours", _) => prop_oneof!["\"#[0-9a-f]{6}\"", "\"#[0-9a-f]{3}\"",].boxed(),
        ("pieces", "shape") => {
            prop_oneof![Just("\"disc\""), Just("\"shield\""), Just("\"square\"")]
                .prop_map(str::to_string)
                .boxed()
        }
        ("pieces", _) => (5.0f64..70.0).prop_map(|v| format!("{v:.1}")).boxed(),
        ("art", _) => {
            prop_oneof![4 => Just("\"\""), 4 => Just("\"art/none.svg\""), 1 => Just("\"../x.svg\"")]
                .prop_map(str::to_string)
                .boxed()
        }
        ("fonts", _) => Just("\"fonts/none.ttf\"".to_string()).boxed(),
        ("names.king", "proper") => Just("true".to_string()).boxed(),
        ("", "story" | "intro") => Just("\"story.md\"".to_string()).boxed(),
        ("names" | "names.king" | "", _) => string(40),
        _ => string(12),
    };
    prop_oneof![4 => fitting, 1 => toml_value()].boxed()
}

/// A `theme.toml`: top-level keys, then tables of known and unknown keys,
/// with values mostly of the right kind; sometimes a line is cut or
/// doubled.
fn theme_toml_text() -> impl Strategy<Value = String> {
    let top = proptest::collection::vec(
        proptest::sample::select(THEME_KEYS.to_vec())
            .prop_flat_map(|k| (Just(k), value_for("", k))),
        0..4,
    );
    let table = proptest::sample::select(theme_tables()).prop_flat_map(|(name, keys)| {
        let entry =
            proptest::sample::select(keys).prop_flat_map(move |k| (Just(k), value_for(name, k)));
        (Just(name), proptest::collection::vec(entry, 0..5))
    });
    let tables = proptest::collection::vec(table, 0..4);
    let damage = proptest::option::weighted(0.15, (any::<prop::sample::Index>(), 0u8..3));
    (top, tables, damage).prop_map(|(top, tables, damage)| {
        let mut lines: Vec<String> = top.into_iter().map(|(k, v)| format!("{k} = {v}")).collect();
        for (name, entries) in tables {
            lines.push(format!("[{name}]"));
            for (k, v) in entries {
                lines.push(format!("{k} = {v}"));
            }
        }
        if let (Some((at, how)), false) = (damage, lines.is_empty()) {
            let i = at.index(lines.len());
            match how {
                0 => {
                    let l = &lines[i];
                    let cut = l.len() / 2;
                    let cut = (0..=cut)
                        .rev()
                        .find(|&c| l.is_char_boundary(c))
                        .unwrap_or(0);
                    lines[i] = l[..cut].to_string();
                }
                1 => lines.insert(i, lines[i].clone()),
                _ => lines.swap(0, i),
            }
        }
        lines.join("\n")
    })
}

/// Reads `files` as a theme folder; the folder's label and the result.
fn read_theme(files: &[(&str, &[u8])]) -> (tempfile::TempDir, Result<Theme, Failure>) {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
    let r = Theme::load_folder(dir.path()).map(|(t, _)| t);
    (dir, r)
}

fn label(dir: &Path) -> String {
    dir.display().to_string()
}

/// A kit of `theme` either lays out or is refused for a reason a theme
/// can cause (never an internal error).
fn lays_out_or_refuses_for_the_theme(theme: &Theme) -> Result<(), TestCaseError> {
    let york = rules::builtin("york").unwrap();
    match kit::build_kit(&york, theme, &KitOptions::default()) {
        Ok(k) => {
            for page in &k.document.pages {
                prop_assert!(finite(&page.items), "{}", page.label);
            }
        }
        Err(KitError::StoryTooLong | KitError::CardTooLong { .. }) => {}
        Err(KitError::Input(f)) => {
            prop_assert!(!f.to_string().contains("internal error"), "{f}");
        }
        Err(e) => prop_assert!(false, "unexpected refusal: {e}"),
    }
    Ok(())
}

// -------------------------------------------------------------------- SVG

/// A number as SVG writes it, from the ordinary to the absurd.
fn svg_number() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (-200i32..400).prop_map(|v| v.to_string()),
        2 => (-1000.0f64..1000.0).prop_map(|v| format!("{v:.3}")),
        1 => prop_oneof![
            Just("1e38"), Just("-1e38"), Just("3.5e38"), Just("1e-40"), Just("0"),
            Just("NaN"), Just("inf"), Just("1e400"), Just(".5e"), Just("--1"),
        ].prop_map(str::to_string),
    ]
}

fn svg_element() -> impl Strategy<Value = String> {
    let n = svg_number;
    let colour = prop_oneof![
        Just("#c00"),
        Just("currentColor"),
        Just("none"),
        Just("url(#g)"),
        Just("url(#nothing)"),
        Just("red"),
        Just("#12"),
    ];
    prop_oneof![
        4 => (proptest::collection::vec((prop_oneof![Just("M"), Just("L"), Just("Q"), Just("C"), Just("A"), Just("Z"), Just("h"), Just("v")], n(), n()), 1..8), colour.clone())
            .prop_map(|(segs, fill)| {
                let d: String = segs.iter().map(|(c, x, y)| format!("{c}{x} {y} ")).collect();
                format!(r#"<path d="{d}" fill="{fill}" stroke="black"/>"#)
            }),
        2 => (n(), n(), n(), colour.clone()).prop_map(|(x, y, r, f)| format!(r#"<circle cx="{x}" cy="{y}" r="{r}" fill="{f}"/>"#)),
        2 => (n(), n(), n(), n(), n()).prop_map(|(x, y, w, h, sw)| format!(r##"<rect x="{x}" y="{y}" width="{w}" height="{h}" stroke="#000" stroke-width="{sw}" stroke-dasharray="{w} {sw}"/>"##)),
        1 => (n(), n(), n(), n()).prop_map(|(a, b, c, d)| format!(r##"<linearGradient id="g" x1="{a}" y1="{b}" x2="{c}" y2="{d}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></linearGradient>"##)),
        1 => (n(), n(), n()).prop_map(|(cx, cy, r)| format!(r##"<radialGradient id="g" cx="{cx}" cy="{cy}" r="{r}" gradientTransform="rotate(30)"><stop offset="0" stop-color="#fff"/></radialGradient>"##)),
        1 => (n(), n()).prop_map(|(a, b)| format!(r##"<use href="#a" x="{a}" y="{b}"/>"##)),
        1 => (n(), n(), n()).prop_map(|(a, b, c)| format!(r#"<clipPath id="c"><rect width="{a}" height="{b}" transform="skewX({c})"/></clipPath>"#)),
        1 => prop_oneof![
            Just(r#"<image href="data:image/png;base64,AAAA" width="5" height="5"/>"#),
            Just(r#"<text x="1" y="9">hi</text>"#),
            Just(r#"<style>circle { fill: red } @import url(x.css);</style>"#),
            Just(r#"<script>1</script>"#),
            Just(r#"<filter id="f"><feGaussianBlur stdDeviation="1e9"/></filter>"#),
            Just(r##"<use href="other.svg#a"/>"##),
            Just("<!-- comment -->"),
            Just("<![CDATA[ x ]]>"),
            Just("&amp;&lt;&#0;&#x1b;"),
        ].prop_map(str::to_string),
    ]
}

/// A tree of groups (with transforms) holding elements.
fn svg_body() -> impl Strategy<Value = String> {
    let leaf = svg_element();
    leaf.prop_recursive(4, 40, 6, |inner| {
        (
            proptest::collection::vec(inner, 0..6),
            prop_oneof![
                Just(String::new()),
                svg_number().prop_map(|k| format!(r#" transform="scale({k})""#)),
                (svg_number(), svg_number())
                    .prop_map(|(a, b)| format!(r#" transform="translate({a} {b}) rotate({a})""#)),
                svg_number().prop_map(|k| format!(r#" transform="matrix({k} 0 0 {k} 0 0)""#)),
                Just(r#" id="a""#.to_string()),
                Just(r#" clip-path="url(#c)" opacity="0.5""#.to_string()),
            ],
        )
            .prop_map(|(kids, attrs)| format!("<g{attrs}>{}</g>", kids.concat()))
    })
}

fn svg_document() -> impl Strategy<Value = Vec<u8>> {
    let root = prop_oneof![
        (svg_number(), svg_number(), svg_number(), svg_number())
            .prop_map(|(a, b, c, d)| format!(r#"viewBox="{a} {b} {c} {d}""#)),
        (svg_number(), svg_number()).prop_map(|(w, h)| format!(r#"width="{w}" height="{h}""#)),
        Just(r#"viewBox="0 0 100 100""#.to_string()),
        Just(String::new()),
    ];
    let damage = proptest::option::weighted(0.15, (any::<prop::sample::Index>(), any::<u8>()));
    (root, svg_body(), damage).prop_map(|(root, body, damage)| {
        let mut bytes = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {root}>{body}</svg>"#
        )
        .into_bytes();
        if let Some((at, b)) = damage {
            let i = at.index(bytes.len());
            bytes[i] = b;
        }
        bytes
    })
}

// --------------------------------------------------------------- Markdown

/// Markdown with every construct the parser knows, nested and unclosed,
/// and long runs of one character.
fn markdown() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            6 => "[A-Za-z]{1,10}[ ,.]{0,2}",
            2 => prop_oneof![
                Just("\n"), Just("\n\n"), Just("# "), Just("### "), Just("- "), Just("1. "),
                Just("99999999999. "), Just("> "), Just("    "), Just("```\n"), Just("*"),
                Just("**"), Just("_"), Just("`"), Just("["), Just("]"), Just("]("), Just(")"),
                Just("!["), Just("<b>"), Just("</b>"), Just("<!-- "), Just(" -->"),
                Just("&#0;"), Just("&#x1b;"), Just("&amp;"), Just("\\"), Just("---\n"),
                Just("| a | b |\n|---|---|\n"), Just("[^1]"), Just("$x$"), Just("\t"),
                Just("\u{a0}"), Just("\u{200b}"), Just("\u{85}"),
            ].prop_map(str::to_string),
            1 => ("[(\\[*_>#a-z]", 1usize..400).prop_map(|(c, n)| c.repeat(n)),
        ],
        0..80,
    )
    .prop_map(|v| v.concat())
}

// ----------------------------------------------------------- variant files

fn builtin_variant_text() -> impl Strategy<Value = (String, String)> {
    proptest::sample::select(rules::builtin_ids().to_vec()).prop_map(|id| {
        (
            id.to_string(),
            rules::builtin_source(id).unwrap().to_string(),
        )
    })
}

/// A built-in variant file with some lines replaced by `key = value`
/// lines, deleted, cut short or duplicated.
fn variant_text() -> impl Strategy<Value = String> {
    let keys = prop_oneof![
        Just("id"),
        Just("name"),
        Just("size"),
        Just("first"),
        Just("escape"),
        Just("setup"),
        Just("theme"),
        Just("encirclement"),
        Just("repetition"),
        Just("no_move"),
        Just("edge_fort"),
        Just("[king]"),
        Just("[centre]"),
        Just("[corners]"),
        Just("hostile_to"),
        Just("speed"),
        Just("capture"),
        Just("[options.berserker]"),
        Just("[options.skilled-play]"),
        Just("turn_limit"),
        Just("enabled"),
        Just("[draw_fort]"),
        Just("min_men"),
    ];
    let edit = (any::<prop::sample::Index>(), 0u8..5, keys, toml_value());
    (
        builtin_variant_text(),
        proptest::collection::vec(edit, 0..6),
    )
        .prop_map(|((_, text), edits)| {
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            for (at, how, key, value) in edits {
                if lines.is_empty() {
                    break;
                }
                let i = at.index(lines.len());
                let line = if key.starts_with('[') {
                    key.to_string()
                } else {
                    format!("{key} = {value}")
                };
                match how {
                    0 => lines[i] = line,
                    1 => lines.insert(i, line),
                    2 => {
                        lines.remove(i);
                    }
                    3 => {
                        let l = &lines[i];
                        let cut = (0..=l.len() / 2)
                            .rev()
                            .find(|&c| l.is_char_boundary(c))
                            .unwrap_or(0);
                        lines[i] = l[..cut].to_string();
                    }
                    _ => lines.insert(i, lines[i].clone()),
                }
            }
            lines.join("\n")
        })
}

// ------------------------------------------------------ positions and moves

/// A position for `id`: its start position with cells changed, removed or
/// added, stray symbols, tabs, line endings and `result:` lines.
fn position(id: &'static str) -> impl Strategy<Value = String> {
    let start = Game::new(&rules::builtin(id).unwrap()).diagram();
    let edit = (
        any::<prop::sample::Index>(),
        prop_oneof![
            4 => Just("."), 2 => Just("A"), 2 => Just("D"), 1 => Just("K"),
            1 => Just(""), 1 => Just(". ."), 1 => Just("\t"), 1 => Just("x"),
            1 => Just("\u{1b}"), 1 => Just("é"), 1 => Just("\n"),
        ],
    );
    (
        proptest::collection::vec(edit, 0..6),
        prop::bool::weighted(0.2),
        prop::bool::weighted(0.1),
    )
        .prop_map(move |(edits, result, crlf)| {
            let mut cells: Vec<String> = start.chars().map(String::from).collect();
            for (at, with) in edits {
                // Only cells change, not the spaces and line ends between.
                let symbols: Vec<usize> = (0..cells.len())
                    .filter(|&i| !cells[i].trim().is_empty())
                    .collect();
                if symbols.is_empty() {
                    break;
                }
                cells[symbols[at.index(symbols.len())]] = with.to_string();
            }
            let mut text = cells.concat();
            if crlf {
                text = text.replace('\n', "\r\n");
            }
            if result {
                text.push_str("\nresult: ongoing\n");
            }
            text
        })
}

fn move_text() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => ("[a-m]", 1u32..14, "[a-m]", 1u32..14).prop_map(|(a, r, b, s)| format!("{a}{r}-{b}{s}")),
        1 => ("[a-zA-Z]{0,3}", any::<u32>(), "[-–x ]{0,2}", "[a-z0-9]{0,4}")
            .prop_map(|(a, r, sep, b)| format!("{a}{r}{sep}{b}")),
        1 => nasty_text(4),
        1 => Just("pass".to_string()),
    ]
}

// ------------------------------------------------------------- properties

proptest! {
    #![proptest_config(fuzz_config(48))]

    /// theme.toml: read or refused with every problem in the file; an
    /// accepted theme lays out (or is refused for what a theme can cause).
    #[test]
    fn theme_toml(text in theme_toml_text()) {
        let (dir, read) = read_theme(&[
            ("theme.toml", text.as_bytes()),
            ("story.md", b"A short tale."),
            ("art/none.svg", br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>"#),
        ]);
        stats("theme_toml", read.is_ok());
        match read {
            Ok(theme) => lays_out_or_refuses_for_the_theme(&theme)?,
            Err(f) => located(&f, &label(dir.path()), Some(&text))?,
        }
    }

    /// Theme art: refused with a sentence, or drawable: placed at any size
    /// its numbers are finite, and it renders as a PDF page.
    #[test]
    fn theme_svg_art(svg in svg_document()) {
        let parsed = parse_art(&svg, Rgb(10, 20, 30));
        stats("theme_svg_art", parsed.is_ok());
        match parsed {
            Ok(art) => {
                for side in [5.0, 25.0, 500.0] {
                    let placed = taflkit::layout::art::place(&art, Rect::new(Mm(7.0), Mm(7.0), Mm(side), Mm(side)));
                    prop_assert!(finite(std::slice::from_ref(&placed)));
                }
                let page = taflkit::layout::Page {
                    size: taflkit::units::Size::new(Mm(210.0), Mm(297.0)),
                    label: "art".into(),
                    items: vec![taflkit::layout::art::place(&art, Rect::new(Mm(10.0), Mm(10.0), Mm(190.0), Mm(190.0)))],
                };
                let doc = taflkit::layout::Document {
                    title: "fuzz".into(),
                    subject: "fuzz".into(),
                    lang: String::new(),
                    fonts: FontSet::builtin(),
                    pages: vec![page],
                    duplex: None,
                };
                prop_assert!(taflkit::render::pdf(&doc).is_ok());
            }
            Err(m) => prop_assert!(!m.to_string().trim().is_empty()),
        }
    }

    /// Theme art through the theme reader: an error is located at the key
    /// naming the file.
    #[test]
    fn theme_svg_art_in_a_folder(svg in svg_document()) {
        let toml = "[art]\nking = \"art/k.svg\"\n";
        let (dir, read) = read_theme(&[("theme.toml", toml.as_bytes()), ("art/k.svg", &svg)]);
        if let Err(f) = read {
            located(&f, &label(dir.path()), Some(toml))?;
            for d in f.diagnostics.iter().filter(|d| d.is_error()) {
                prop_assert_eq!((d.line, d.column), (Some(2), Some(8)), "{}", d);
            }
        }
    }

    /// Markdown: parsed into blocks and flowed into frames without a line
    /// wider than its frame.
    #[test]
    fn markdown_flows_within_its_frames(md in markdown(), width in 20.0f64..120.0) {
        let fonts = FontSet::builtin();
        let blocks = FlowStyle::new(taflkit::units::Pt(9.0), Rgb::BLACK).blocks(&markdown_blocks(&md));
        let frames: Vec<Rect> = (0..4).map(|i| Rect::new(Mm(10.0 + 200.0 * i as f64), Mm(10.0), Mm(width), Mm(120.0))).collect();
        let flowed = flow(&fonts, &blocks, &frames);
        for (frame, rect) in flowed.frames.iter().zip(&frames) {
            for p in common::placed(&frame.items) {
                let right = p.along(fonts.width(&p.text.style, &p.text.text)).x;
                prop_assert!(right.0 <= rect.right().0 + 1e-6, "{:?} overflows", p.text.text);
                prop_assert!(p.origin().x.0 >= rect.x.0 - 1e-6);
            }
        }
    }

    /// A story or an introduction from a file: refused at its line and
    /// column, or the kit lays out (or the story is too long for a cover).
    #[test]
    fn story_and_intro(md in markdown(), intro in prop::bool::ANY) {
        let name = if intro { "intro.md" } else { "story.md" };
        let (dir, read) = read_theme(&[("theme.toml", b"name = \"F\"\n"), (name, md.as_bytes())]);
        stats("story_and_intro", read.is_ok());
        match read {
            Ok(theme) => lays_out_or_refuses_for_the_theme(&theme)?,
            Err(f) => located(&f, &label(dir.path()), Some(&md))?,
        }
    }

    /// Variant files: refused with every problem located in the file, or
    /// read into a variant whose setup round-trips through the notation.
    #[test]
    fn variant_files(text in variant_text()) {
        let parsed = rules::file::parse("v.toml", text.as_bytes());
        stats("variant_files", parsed.is_ok());
        match parsed {
            Ok((v, warnings)) => {
                for w in &warnings {
                    position_inside(w, Some(&text))?;
                }
                let written = taflkit::rules::notation::write_rows(&v.setup);
                let again = Game::from_diagram(&v, &written, v.first_to_move())
                    .map_err(|e| TestCaseError::fail(format!("own setup refused: {e}")))?;
                prop_assert_eq!(again.diagram(), Game::new(&v).diagram());
            }
            Err(f) => located(&f, "v.toml", Some(&text))?,
        }
    }

    /// Variant files as raw bytes: binary, not UTF-8, empty.
    #[test]
    fn variant_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        if let Err(f) = rules::file::parse("v.toml", &bytes) {
            located(&f, "v.toml", std::str::from_utf8(&bytes).ok())?;
        }
    }

    /// Position files: refused with a message naming the line where it
    /// has one, or a position that round-trips through its diagram.
    #[test]
    fn positions(
        (id, text) in proptest::sample::select(vec!["brandubh", "tablut", "york", "sea-battle-13"])
            .prop_flat_map(|id| (Just(id), position(id))),
        attackers in prop::bool::ANY,
    ) {
        let v = rules::builtin(id).unwrap();
        let side = if attackers { Side::Attackers } else { Side::Defenders };
        let board: String = text.lines().filter(|l| !l.starts_with("result:")).collect::<Vec<_>>().join("\n");
        let parsed = Game::from_diagram(&v, &board, side);
        stats("positions", parsed.is_ok());
        match parsed {
            Ok(g) => {
                let again = Game::from_diagram(&v, &g.diagram(), side)
                    .map_err(|e| TestCaseError::fail(format!("own diagram refused: {e}")))?;
                prop_assert_eq!(again.diagram(), g.diagram());
            }
            Err(m) => {
                prop_assert!(!m.chars().any(char::is_control) || m.contains("U+"), "{m:?}");
                if let Some(rest) = m.strip_prefix("line ") {
                    let line: usize = rest.split([',', ':']).next().unwrap().trim().parse().unwrap();
                    prop_assert!(line >= 1 && line <= board.split('\n').count(), "{m}");
                }
            }
        }
    }

    /// Move lists: a move reads back from how it is written; a list is
    /// played until its first illegal or unreadable move, which is named.
    #[test]
    fn move_lists(moves in proptest::collection::vec(move_text(), 0..30)) {
        let v = rules::builtin("tablut").unwrap();
        let mut game = Game::new(&v);
        for text in &moves {
            if text.trim() == "pass" {
                if game.end_turn().is_err() { break; }
                continue;
            }
            match Move::parse(text) {
                Ok(m) => {
                    prop_assert_eq!(Move::parse(&m.to_string()), Ok(m));
                    if game.play(m).is_err() { break; }
                }
                Err(e) => {
                    prop_assert!(e.contains("is not a move"), "{e}");
                    break;
                }
            }
        }
    }
}
