//! The docs say exactly what is refused (issue 26): every refusal reason
//! the code has, as its type lists them, is named in the docs in the
//! words the type gives; and every refusal the docs list is one the code
//! has.

use std::path::Path;

use taflkit::kit::KitError;
use taflkit::theme::art_refusal::{ArtRefusal, RefusedElement};

/// A doc with every run of white space made one space, so a phrase may
/// be broken across lines.
fn doc(name: &str) -> String {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs")
            .join(name),
    )
    .unwrap();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The bullet of docs/themes.md's art list that starts with `start`, up
/// to the next bullet.
fn bullet(themes: &str, start: &str) -> String {
    let from = themes
        .find(start)
        .unwrap_or_else(|| panic!("no bullet {start:?}"));
    let rest = &themes[from..];
    let end = rest[1..].find(" - ").map_or(rest.len(), |e| e + 1);
    rest[..end].to_string()
}

#[test]
fn every_art_refusal_is_in_the_theme_docs() {
    let themes = doc("themes.md");
    for r in ArtRefusal::every() {
        assert!(
            themes.contains(r.documented_as()),
            "docs/themes.md does not name {:?} ({r}) as {:?}",
            r,
            r.documented_as()
        );
    }
}

#[test]
fn every_element_the_theme_docs_refuse_is_refused() {
    let themes = doc("themes.md");
    let refused = bullet(&themes, "- Not allowed");
    let allowed = bullet(&themes, "- Allowed:");
    // Each `<name>` the list gives is one the reader refuses, and none
    // of them is also said to be allowed.
    let mut named = 0;
    for piece in refused.split('`').skip(1).step_by(2) {
        let Some(tag) = piece.strip_prefix('<').and_then(|p| p.strip_suffix('>')) else {
            continue;
        };
        // A processing instruction, the root element, and `<use>`, named
        // for its references (loops, nesting).
        if tag.starts_with('?') || tag == "svg" || tag == "use" {
            continue;
        }
        named += 1;
        assert!(
            RefusedElement::of(tag).is_some(),
            "docs/themes.md refuses <{tag}>, which the reader accepts"
        );
        assert!(
            !allowed.contains(&format!("<{tag}>")),
            "<{tag}> both allowed and not"
        );
    }
    assert!(named >= 7, "{named} elements found in {refused:?}");
    // The budgets the limits bullet states are the code's.
    let limits = bullet(&themes, "- Limits");
    use taflkit::theme::{art_budget, svg};
    let thousands = |n: u64| {
        let s = n.to_string();
        match s.len() {
            4..=6 => format!("{} {}", &s[..s.len() - 3], &s[s.len() - 3..]),
            _ => s,
        }
    };
    for (what, value) in [
        ("XML nodes", thousands(svg::MAX_NODES.into())),
        ("levels of nesting", svg::MAX_DEPTH.to_string()),
        ("elements and", thousands(art_budget::MAX_ELEMENTS)),
        ("path segments once", thousands(art_budget::MAX_SEGMENTS)),
        (
            "MiB once converted",
            (art_budget::MAX_BYTES >> 20).to_string(),
        ),
        ("stops in a gradient", art_budget::MAX_STOPS.to_string()),
        ("numbers in a", art_budget::MAX_DASHES.to_string()),
    ] {
        assert!(
            limits.contains(&format!("{value} {what}")),
            "the limits bullet does not say {value} {what}: {limits}"
        );
    }
}

#[test]
fn every_kit_refusal_is_in_the_cli_docs_and_no_other() {
    let cli =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/cli.md")).unwrap();
    let from = cli.find("### When a kit is refused").expect("the section");
    // The first cell of each row of the section's table, less its header.
    let rows: Vec<&str> = cli[from..]
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with('#'))
        .filter(|l| l.starts_with("| ") && !l.starts_with("|---"))
        .skip(1)
        .filter_map(|l| l.split(" | ").next())
        .map(|c| c.trim_start_matches("| "))
        .collect();
    let phrases: Vec<&str> = KitError::every()
        .iter()
        .map(|e| e.documented_as().expect("a kit's own refusal"))
        .collect();
    for p in &phrases {
        assert!(
            rows.contains(p),
            "docs/cli.md has no row for {p:?}: {rows:?}"
        );
    }
    for r in &rows {
        assert!(
            phrases.contains(r),
            "docs/cli.md lists {r:?}, which no kit refusal is"
        );
    }
}
