//! Every built-in theme makes a kit with every built-in variant, on both
//! papers, in colour and in black and white; and a theme written from
//! the docs alone (the three-line example of `docs/themes.md`) does too.

use crate::common::kit::{KitOptions, build};
use taflkit::layout::paper::Paper;
use taflkit::theme::Theme;

fn kit(variant: &str, theme: &Theme, paper: Paper, mono: bool) {
    let v = taflkit::rules::builtin(variant).unwrap();
    let opts = KitOptions {
        paper,
        mono,
        ..KitOptions::default()
    };
    let theme = if mono { theme.to_mono() } else { theme.clone() };
    let doc = build(&v, &theme, &opts).unwrap_or_else(|f| panic!("{variant} × {}: {f}", theme.id));
    assert!(
        doc.pages.len() >= 3,
        "{variant} × {}: {} pages",
        theme.id,
        doc.pages.len()
    );
}

#[test]
fn every_theme_with_every_variant() {
    for id in Theme::builtin_ids() {
        let t = Theme::builtin(id).unwrap();
        for v in taflkit::rules::builtin_ids() {
            kit(v, &t, Paper::A4, false);
        }
    }
}

#[test]
fn every_theme_on_both_papers_in_colour_and_mono() {
    for (id, variant) in [
        ("viking", "sea-battle-11"),
        ("york", "york"),
        ("sea", "sea-battle-9"),
        ("christmas", "sea-battle-9-cyningstan"),
        ("tafel", "tafel"),
    ] {
        let t = Theme::builtin(id).unwrap();
        for paper in [Paper::A4, Paper::Letter] {
            for mono in [false, true] {
                kit(variant, &t, paper, mono);
            }
        }
    }
}

#[test]
fn the_three_line_example_from_the_docs_builds() {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/themes.md")).unwrap();
    let start = docs.find("## A theme in three lines").unwrap();
    let block = &docs[start..];
    let toml = block
        .split("```toml\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    assert_eq!(toml.lines().count(), 3, "{toml}");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("theme.toml"), toml).unwrap();
    let t = Theme::load(dir.path().to_str().unwrap()).unwrap();
    kit("york", &t, Paper::Letter, false);
    kit("york", &t, Paper::A4, true);
}
