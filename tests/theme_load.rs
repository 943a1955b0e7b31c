//! Reading themes: built-ins, short themes over the viking defaults, and
//! located errors for mistakes in theme.toml.

use std::fs;
use std::path::Path;

use taflkit::layout::Rgb;
use taflkit::theme::{PieceShape, Theme, validate_folder};

fn write_theme(dir: &Path, toml: &str) {
    fs::create_dir_all(dir).unwrap();
    fs::write(dir.join("theme.toml"), toml).unwrap();
}

#[test]
fn every_builtin_theme_reads_without_errors_and_has_its_art() {
    let viking = Theme::viking();
    for id in Theme::builtin_ids() {
        let t = Theme::read_builtin(id, &viking).unwrap_or_else(|f| panic!("{id}: {f}"));
        assert_eq!(t.id, *id);
        assert!(
            t.art.king.is_some() && t.art.defender.is_some() && t.art.attacker.is_some(),
            "{id}"
        );
        assert!(t.art.cover.is_some(), "{id} has no cover art");
        assert!(
            !t.story.trim().is_empty() && !t.intro.trim().is_empty(),
            "{id}"
        );
        assert!(Theme::load(id).is_ok());
    }
}

#[test]
fn a_three_line_theme_builds_on_the_viking_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("club");
    write_theme(
        &d,
        "name = \"Club\"\ncolours.attacker_fill = \"#1b5e20\"\ncolours.defender_fill = \"#f5f5f5\"\n",
    );
    let t = Theme::load(d.to_str().unwrap()).unwrap();
    assert_eq!(t.name, "Club");
    assert_eq!(t.id, "club");
    assert_eq!(t.colours.attacker_fill, Rgb(0x1b, 0x5e, 0x20));
    // Inks follow the fills so the art stays readable.
    assert!(t.colours.defender_ink.luma() < 0.2);
    assert!(t.colours.attacker_ink.luma() > 0.8);
    let v = Theme::viking();
    assert_eq!(t.names, v.names);
    assert_eq!(t.pieces.shape, v.pieces.shape);
    assert_eq!(t.story, v.story);
    assert!(t.art.king.is_some() && t.art.cover.is_some());
    // No story.md is worth a warning, not an error.
    let warnings = validate_folder(&d).unwrap();
    assert!(
        warnings.iter().any(|w| w.message.contains("story.md")),
        "{warnings:?}"
    );
}

#[test]
fn names_read_in_both_forms() {
    let dir = tempfile::tempdir().unwrap();
    write_theme(
        dir.path(),
        r#"
[names]
king = { one = "Queen Maud", proper = true }
defender = { one = "goose", many = "geese" }
attacker = "fox"
attackers = "the foxes"
"#,
    );
    let t = Theme::load(dir.path().to_str().unwrap()).unwrap();
    assert_eq!(
        (
            t.names.king.one.as_str(),
            t.names.king.many.as_str(),
            t.names.king.proper
        ),
        ("Queen Maud", "Queen Maud", true)
    );
    assert_eq!(t.names.defender.many, "geese");
    assert_eq!(
        (
            t.names.attacker.one.as_str(),
            t.names.attacker.many.as_str()
        ),
        ("fox", "foxes")
    );
    assert_eq!(t.names.attackers, "the foxes");
    assert_eq!(t.names.defenders, "the defenders");
}

#[test]
fn pieces_and_text_keys() {
    let dir = tempfile::tempdir().unwrap();
    write_theme(
        dir.path(),
        "web = \"https://example.org/tafl\"\ncredits = \"Drawn by us\"\n[pieces]\nshape = \"disc\"\nking_mm = 27.5\npiece_mm = 20\n",
    );
    fs::write(dir.path().join("story.md"), "# Ours\n\nA story.\n").unwrap();
    let t = Theme::load(dir.path().to_str().unwrap()).unwrap();
    assert_eq!(t.pieces.shape, PieceShape::Disc);
    assert_eq!(t.pieces.king_size.0, 27.5);
    assert_eq!(t.pieces.piece_size.0, 20.0);
    assert_eq!(t.web.as_deref(), Some("https://example.org/tafl"));
    assert_eq!(t.credits.as_deref(), Some("Drawn by us"));
    assert_eq!(t.story, "# Ours\n\nA story.\n");
}

#[test]
fn mistakes_are_located_and_suggest_the_right_key() {
    let dir = tempfile::tempdir().unwrap();
    write_theme(
        dir.path(),
        "name = \"X\"\n[colors]\nking_fill = \"#fff\"\n[pieces]\nshape = \"shied\"\nking_mm = 500\n[colours]\nattacker_fil = \"#000\"\ntext = \"red\"\n",
    );
    let f = Theme::load(dir.path().to_str().unwrap()).unwrap_err();
    let all = f.to_string();
    let toml = dir.path().join("theme.toml").display().to_string();
    assert!(
        all.contains(&format!(
            "{toml}:2:2: error: unknown key 'colors'; did you mean 'colours'?"
        )),
        "{all}"
    );
    assert!(
        all.contains(&format!("{toml}:5:9: error:")) && all.contains("did you mean \"shield\"?"),
        "{all}"
    );
    assert!(
        all.contains(&format!(
            "{toml}:6:11: error: 'pieces.king_mm' must be between"
        )),
        "{all}"
    );
    assert!(
        all.contains("unknown key 'colours.attacker_fil'; did you mean 'colours.attacker_fill'?"),
        "{all}"
    );
    assert!(
        all.contains(&format!(
            "{toml}:9:8: error: 'colours.text' must be a colour"
        )),
        "{all}"
    );
    assert_eq!(
        f.diagnostics.iter().filter(|d| d.is_error()).count(),
        5,
        "{all}"
    );
}

#[test]
fn toml_syntax_errors_are_located() {
    let dir = tempfile::tempdir().unwrap();
    write_theme(dir.path(), "name = \"X\"\nnames = [\n");
    let f = Theme::load(dir.path().to_str().unwrap()).unwrap_err();
    let d = &f.diagnostics[0];
    assert!(d.line.is_some(), "{f}");
    assert!(d.source.ends_with("theme.toml"));
}

#[test]
fn unknown_theme_names_the_builtins() {
    let f = Theme::load("no-such-theme-here").unwrap_err();
    let s = f.to_string();
    assert!(s.starts_with("--theme: error:"), "{s}");
    assert!(s.contains("viking"), "{s}");
}

#[test]
fn a_folder_without_theme_toml_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let f = Theme::load(dir.path().to_str().unwrap()).unwrap_err();
    assert!(f.to_string().contains("theme.toml"), "{f}");
}
