//! `taflkit new-theme DIR`: a complete starting theme that loads as it is,
//! and never overwrites anything.

use std::fs;
use std::process::Command;

use taflkit::theme::{Theme, validate_folder};

fn taflkit() -> Command {
    crate::common::bin()
}

#[test]
fn new_theme_writes_a_theme_that_loads_with_every_key_set() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("winter-club");
    let out = taflkit().arg("new-theme").arg(&dir).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in [
        "theme.toml",
        "story.md",
        "intro.md",
        "art/king.svg",
        "art/defender.svg",
        "art/attacker.svg",
        "art/cover.svg",
        "art/start.svg",
        "art/centre.svg",
    ] {
        assert!(dir.join(f).is_file(), "missing {f}");
    }
    let t = Theme::load(dir.to_str().unwrap()).unwrap();
    assert_eq!(t.name, "Winter Club");
    assert_eq!(t.id, "winter-club");
    assert_eq!(t.names.king.one, "chieftain");
    assert!(t.art.attacker_start.is_some() && t.art.centre.is_some());
    assert!(t.story.contains("Our story"));
    // A complete theme: nothing falls back to viking, so no warnings.
    assert_eq!(validate_folder(&dir).unwrap(), vec![]);
}

#[test]
fn the_starter_documents_every_key() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("t");
    taflkit::cli::theme::write_starter(&dir).unwrap();
    let toml = fs::read_to_string(dir.join("theme.toml")).unwrap();
    use taflkit::theme::format::*;
    let sections = [
        ("", TOP_KEYS),
        ("names", NAME_KEYS),
        ("colours", COLOUR_KEYS),
        ("fonts", FONT_KEYS),
        ("art", ART_KEYS),
        ("pieces", PIECE_KEYS),
    ];
    for (section, keys) in sections {
        for k in keys.iter() {
            let present = toml.lines().any(|l| {
                let l = l.trim_start_matches(['#', ' ']);
                l.starts_with(&format!("{k} =")) || l.starts_with(&format!("[{k}]"))
            });
            assert!(
                present,
                "theme.toml of new-theme does not mention {section}.{k}"
            );
        }
    }
}

#[test]
fn new_theme_refuses_a_folder_that_is_not_empty() {
    let tmp = tempfile::tempdir().unwrap();
    fs::write(tmp.path().join("keep.txt"), "mine").unwrap();
    let out = taflkit().arg("new-theme").arg(tmp.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not empty"));
    assert_eq!(fs::read_dir(tmp.path()).unwrap().count(), 1);
    assert_eq!(
        fs::read_to_string(tmp.path().join("keep.txt")).unwrap(),
        "mine"
    );
}

#[test]
fn new_theme_fills_an_empty_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let out = taflkit().arg("new-theme").arg(tmp.path()).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(Theme::load(tmp.path().to_str().unwrap()).is_ok());
}
