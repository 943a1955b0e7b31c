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
    // The viking credits speak for the viking theme only.
    assert!(v.credits.is_some());
    assert_eq!(t.credits, None);
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
    assert_eq!(t.names.attackers.many_def.as_deref(), Some("the foxes"));
    assert_eq!(t.names.defenders.many_def.as_deref(), Some("the defenders"));
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

fn files_under(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

#[test]
fn every_file_under_themes_is_embedded_and_art_has_no_text() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("themes");
    let mut found = Vec::new();
    files_under(&root, &mut found);
    for p in &found {
        let rel = p
            .strip_prefix(&root)
            .unwrap()
            .to_str()
            .unwrap()
            .replace('\\', "/");
        let (id, inner) = rel.split_once('/').unwrap();
        let embedded = taflkit::theme::builtin::file(id, inner)
            .unwrap_or_else(|| panic!("{rel} is not embedded"));
        assert_eq!(embedded, fs::read(p).unwrap().as_slice(), "{rel}");
        if rel.ends_with(".svg") {
            let s = fs::read_to_string(p).unwrap();
            assert!(!s.contains("<text"), "{rel} uses <text>");
        }
    }
    assert_eq!(found.len(), taflkit::theme::builtin::FILES.len());
}

#[test]
fn mono_keeps_the_sides_apart_and_changes_only_looks() {
    for id in Theme::builtin_ids() {
        let t = Theme::builtin(id).unwrap();
        let m = t.to_mono();
        assert!(m.mono && !t.mono);
        let c = &m.colours;
        for rgb in [
            c.attacker_fill,
            c.defender_fill,
            c.king_fill,
            c.special,
            c.attacker_start,
            c.grid,
            c.text,
        ] {
            assert!(
                rgb.0 == rgb.1 && rgb.1 == rgb.2,
                "{id}: {rgb:?} is not grey"
            );
        }
        assert!(
            (c.attacker_fill.luma() - c.defender_fill.luma()).abs() > 0.6,
            "{id}"
        );
        for (fill, ink) in [
            (c.attacker_fill, c.attacker_ink),
            (c.defender_fill, c.defender_ink),
            (c.king_fill, c.king_ink),
        ] {
            assert!(
                (fill.luma() - ink.luma()).abs() > 0.6,
                "{id}: ink does not stand out"
            );
        }
        assert_ne!(c.attacker_start, c.defender_start);
        assert_eq!(m.names, t.names);
        assert_eq!(m.story, t.story);
        assert_eq!(m.pieces, t.pieces);
        assert!(m.art.king.is_some() && m.art.cover.is_some());
        // Mono of mono is the same theme.
        assert_eq!(m.to_mono().colours, m.colours);
    }
}

#[test]
fn builtin_theme_folders_validate_without_warnings() {
    for id in Theme::builtin_ids() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("themes")
            .join(id);
        let warnings = validate_folder(&dir).unwrap_or_else(|f| panic!("{f}"));
        assert_eq!(warnings, vec![], "{id}");
        // The folder and the embedded copy are the same theme.
        let from_disk = Theme::load(dir.to_str().unwrap()).unwrap();
        let embedded = Theme::builtin(id).unwrap();
        assert_eq!(
            (from_disk.names, from_disk.colours),
            (embedded.names, embedded.colours)
        );
    }
}

#[test]
fn a_theme_can_bring_its_own_font() {
    let dir = tempfile::tempdir().unwrap();
    let font = Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/Vollkorn-Italic.ttf");
    fs::create_dir_all(dir.path().join("fonts")).unwrap();
    fs::copy(&font, dir.path().join("fonts/heading.ttf")).unwrap();
    write_theme(dir.path(), "[fonts]\nheading = \"fonts/heading.ttf\"\n");
    let t = Theme::load(dir.path().to_str().unwrap()).unwrap();
    use taflkit::layout::FontRole;
    assert_eq!(
        t.fonts.face_bytes(FontRole::Heading),
        fs::read(&font).unwrap().as_slice()
    );
    assert_eq!(
        t.fonts.face_bytes(FontRole::Body),
        Theme::viking().fonts.face_bytes(FontRole::Body)
    );
}

#[test]
fn a_theme_title_is_read_checked_and_never_inherited() {
    let dir = tempfile::tempdir().unwrap();
    write_theme(
        dir.path(),
        "name = \"Winter\"\ntitle = \"The Long Night\"\n",
    );
    let t = Theme::load(dir.path().to_str().unwrap()).unwrap();
    assert_eq!(t.title.as_deref(), Some("The Long Night"));
    // A theme over one with a title does not take that title.
    let christmas = Theme::builtin("christmas").unwrap();
    assert!(christmas.title.is_some());
    let plain = tempfile::tempdir().unwrap();
    write_theme(plain.path(), "name = \"Plain\"\n");
    assert_eq!(
        Theme::load(plain.path().to_str().unwrap()).unwrap().title,
        None
    );

    let bad = tempfile::tempdir().unwrap();
    write_theme(bad.path(), "name = \"X\"\ntitle = 7\n");
    let f = Theme::load(bad.path().to_str().unwrap()).unwrap_err();
    let toml = bad.path().join("theme.toml").display().to_string();
    let all = f.to_string();
    assert!(all.contains(&format!("{toml}:2:9: error:")), "{all}");
    let long = tempfile::tempdir().unwrap();
    write_theme(long.path(), &format!("title = \"{}\"\n", "x".repeat(200)));
    let all = Theme::load(long.path().to_str().unwrap())
        .unwrap_err()
        .to_string();
    assert!(all.contains(":1:9: error: 'title'"), "{all}");
}

#[test]
fn a_mistyped_placeholder_is_a_located_warning() {
    let dir = tempfile::tempdir().unwrap();
    write_theme(dir.path(), "name = \"X\"\n");
    fs::write(
        dir.path().join("story.md"),
        "# Ours\n\nThe king must {{ king_gaol }} and {{ 7 * 7 }} stays.\n",
    )
    .unwrap();
    let warnings = validate_folder(dir.path()).unwrap();
    let story = dir.path().join("story.md").display().to_string();
    let w: Vec<String> = warnings
        .iter()
        .map(|d| d.to_string())
        .filter(|d| d.contains("story.md"))
        .collect();
    assert_eq!(w.len(), 1, "{w:?}");
    assert!(
        w[0].contains(&format!("{story}:3:15:")) && w[0].contains("{{ king_goal }}"),
        "{w:?}"
    );
}
