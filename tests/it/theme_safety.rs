//! Untrusted theme folders: nothing outside the folder is read, art cannot
//! reach outside itself, oversized or explosive files are refused, and
//! text stays text. Fixtures are small hostile themes under
//! `tests/themes/`; the large ones are made at test time in a temp folder.

use std::fs;
use std::path::{Path, PathBuf};

use taflkit::error::Failure;
use taflkit::theme::Theme;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/themes")
        .join(name)
}

fn load_err(dir: &Path) -> Failure {
    match Theme::load(dir.to_str().unwrap()) {
        Ok(_) => panic!("{} loaded but should have been refused", dir.display()),
        Err(f) => f,
    }
}

/// The failure's first error, which must point into theme.toml.
fn first_error(f: &Failure) -> String {
    let d = f
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .expect("an error");
    assert!(d.source.ends_with("theme.toml"), "{f}");
    assert!(d.line.is_some() && d.column.is_some(), "no position: {f}");
    d.message.clone()
}

#[test]
fn absolute_art_paths_are_refused() {
    let f = load_err(&fixture("absolute-path"));
    let m = first_error(&f);
    assert!(m.contains("absolute path"), "{m}");
    assert_eq!(f.diagnostics[0].line, Some(3));
}

#[test]
fn paths_that_climb_out_of_the_folder_are_refused() {
    let f = load_err(&fixture("dotdot"));
    let errors: Vec<_> = f.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 2, "{f}");
    assert!(
        errors
            .iter()
            .all(|d| d.message.contains("leaves the theme folder")),
        "{f}"
    );
}

#[test]
fn a_dotdot_that_stays_inside_is_fine() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("art/sub")).unwrap();
    fs::write(
        dir.path().join("art/king.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>"#,
    )
    .unwrap();
    fs::write(
        dir.path().join("theme.toml"),
        "[art]\nking = \"art/sub/../king.svg\"\n",
    )
    .unwrap();
    assert!(Theme::load(dir.path().to_str().unwrap()).is_ok());
}

#[cfg(unix)]
#[test]
fn symbolic_links_leading_out_are_refused() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.svg");
    fs::write(
        &secret,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>"#,
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("art")).unwrap();
    std::os::unix::fs::symlink(&secret, dir.path().join("art/king.svg")).unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("elsewhere")).unwrap();
    fs::write(
        dir.path().join("theme.toml"),
        "[art]\nking = \"art/king.svg\"\ncover = \"elsewhere/secret.svg\"\n",
    )
    .unwrap();
    let f = load_err(dir.path());
    let errors: Vec<_> = f.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), 2, "{f}");
    assert!(
        errors
            .iter()
            .all(|d| d.message.contains("leads outside the theme folder")),
        "{f}"
    );
}

#[cfg(unix)]
#[test]
fn a_link_inside_the_folder_is_fine() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("art")).unwrap();
    fs::write(
        dir.path().join("art/real.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>"#,
    )
    .unwrap();
    std::os::unix::fs::symlink("real.svg", dir.path().join("art/king.svg")).unwrap();
    fs::write(
        dir.path().join("theme.toml"),
        "[art]\nking = \"art/king.svg\"\n",
    )
    .unwrap();
    assert!(Theme::load(dir.path().to_str().unwrap()).is_ok());
}

#[test]
fn missing_files_are_named() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("theme.toml"),
        "story = \"tale.md\"\n[art]\nking = \"art/nope.svg\"\n",
    )
    .unwrap();
    let f = load_err(dir.path());
    let s = f.to_string();
    assert!(
        s.contains(":1:9: error: 'tale.md' does not exist in the theme folder"),
        "{s}"
    );
    assert!(
        s.contains(":3:8: error: 'art/nope.svg' does not exist in the theme folder"),
        "{s}"
    );
}

#[test]
fn art_may_not_load_images_or_other_files() {
    for (name, expect) in [
        ("image-href", "images are not allowed"),
        ("data-image", "images are not allowed"),
        ("external-use", "may only refer to parts of itself"),
        ("css-import", "@import"),
        ("script-in-art", "scripts are not allowed"),
    ] {
        let f = load_err(&fixture(name));
        let m = first_error(&f);
        assert!(m.contains(expect), "{name}: {m}");
        assert!(
            m.contains("art/"),
            "{name}: the message names the art file: {m}"
        );
    }
}

#[test]
fn entity_bombs_are_refused() {
    let m = first_error(&load_err(&fixture("entity-bomb")));
    assert!(m.contains("entity"), "{m}");
}

fn theme_with_art(dir: &Path, svg: &str) {
    fs::create_dir_all(dir.join("art")).unwrap();
    fs::write(dir.join("art/king.svg"), svg).unwrap();
    fs::write(dir.join("theme.toml"), "[art]\nking = \"art/king.svg\"\n").unwrap();
}

#[test]
fn deeply_nested_art_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let n = 5000;
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}<rect width="1" height="1"/>{}</svg>"#,
        "<g>".repeat(n),
        "</g>".repeat(n)
    );
    theme_with_art(dir.path(), &svg);
    let m = first_error(&load_err(dir.path()));
    assert!(m.contains("nested more than"), "{m}");
}

#[test]
fn art_with_too_many_elements_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{}</svg>"#,
        r#"<rect width="1" height="1"/>"#.repeat(30_000)
    );
    assert!(svg.len() < 1024 * 1024);
    theme_with_art(dir.path(), &svg);
    let m = first_error(&load_err(dir.path()));
    assert!(m.contains("more than") && m.contains("elements"), "{m}");
}

#[test]
fn use_bombs_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut body = String::from(r#"<defs><rect id="l0" width="1" height="1"/>"#);
    for i in 1..10 {
        body.push_str(&format!(r#"<g id="l{i}">"#));
        for _ in 0..10 {
            body.push_str(&format!(r##"<use href="#l{}"/>"##, i - 1));
        }
        body.push_str("</g>");
    }
    body.push_str(r##"</defs><use href="#l9"/>"##);
    let svg =
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">{body}</svg>"#);
    theme_with_art(dir.path(), &svg);
    let m = first_error(&load_err(dir.path()));
    // A billion rectangles from 1 KB: refused by the element budget, which
    // counts what the <use> references stand for.
    assert!(m.contains("more than") && m.contains("<use>"), "{m}");
}

/// A sparse file of `len` bytes: takes no disk space, and must never be
/// read.
fn sparse(path: &Path, len: u64) {
    let f = fs::File::create(path).unwrap();
    f.set_len(len).unwrap();
}

#[test]
fn two_gigabyte_files_are_refused_by_their_size() {
    const TWO_GB: u64 = 2 * 1024 * 1024 * 1024;
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("art")).unwrap();
    fs::create_dir_all(dir.path().join("fonts")).unwrap();
    sparse(&dir.path().join("art/king.svg"), TWO_GB);
    sparse(&dir.path().join("fonts/body.ttf"), TWO_GB);
    sparse(&dir.path().join("story.md"), TWO_GB);
    fs::write(
        dir.path().join("theme.toml"),
        "[art]\nking = \"art/king.svg\"\n[fonts]\nbody = \"fonts/body.ttf\"\n",
    )
    .unwrap();
    let f = load_err(dir.path());
    let errors: Vec<String> = f
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.message.clone())
        .collect();
    assert_eq!(errors.len(), 3, "{f}");
    assert!(
        errors
            .iter()
            .all(|m| m.contains("2.0 GiB") && m.contains("at most")),
        "{f}"
    );

    let big = tempfile::tempdir().unwrap();
    sparse(&big.path().join("theme.toml"), TWO_GB);
    let f = load_err(big.path());
    assert!(f.to_string().contains("2.0 GiB"), "{f}");
}

#[cfg(unix)]
#[test]
fn devices_and_pipes_are_not_read() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("art")).unwrap();
    let fifo = dir.path().join("art/king.svg");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here; the regular-file check is covered above
    }
    fs::write(
        dir.path().join("theme.toml"),
        "[art]\nking = \"art/king.svg\"\n",
    )
    .unwrap();
    let m = first_error(&load_err(dir.path()));
    assert!(m.contains("not a regular file"), "{m}");
}

#[test]
fn a_font_that_is_not_a_font_is_refused() {
    let m = first_error(&load_err(&fixture("not-a-font")));
    assert!(
        m.contains("fonts/body.ttf") && m.contains("not a font"),
        "{m}"
    );
}

#[test]
fn markup_in_names_and_stories_stays_text() {
    let t = Theme::load(fixture("markup-in-text").to_str().unwrap()).unwrap();
    assert_eq!(t.name, "<b>Bold</b> {{ theme }} ) Tj ET");
    assert_eq!(t.names.king.one, "<script>alert(1)</script>");
    assert_eq!(
        t.names.attackers.many_def.as_deref(),
        Some("the {% raw %}raiders{% endraw %}")
    );
    let story = fs::read_to_string(fixture("markup-in-text/story.md")).unwrap();
    assert_eq!(t.story, story);
    // Laid out, the markup is printed as written; an image is its alt text.
    let text: String = taflkit::layout::text::markdown_blocks(&t.story)
        .iter()
        .flat_map(|b| b.spans.iter().map(|s| s.text.clone()))
        .collect::<Vec<_>>()
        .join(" ");
    for literal in [
        "<script>alert(2)</script>",
        "<img src=\"/etc/passwd\"",
        "{{ 7 * 7 }}",
        "{% include",
    ] {
        assert!(text.contains(literal), "{literal:?} missing from {text:?}");
    }
    assert!(
        text.contains("a picture") && !text.contains("root:"),
        "{text}"
    );
}

#[test]
fn control_characters_in_names_are_refused() {
    let m = first_error(&load_err(&fixture("control-in-name")));
    assert!(
        m.contains("credits") && m.contains("control characters"),
        "{m}"
    );
}

#[test]
fn text_and_svg_that_are_not_utf8_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("art")).unwrap();
    fs::write(
        dir.path().join("art/king.svg"),
        [0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe],
    )
    .unwrap();
    fs::write(dir.path().join("story.md"), [b'a', 0xff, 0xfe]).unwrap();
    fs::write(
        dir.path().join("theme.toml"),
        "[art]\nking = \"art/king.svg\"\n",
    )
    .unwrap();
    let s = load_err(dir.path()).to_string();
    assert!(s.contains("svgz is not supported"), "{s}");
    assert!(s.contains("story.md is not UTF-8"), "{s}");
}

#[test]
fn deeply_nested_toml_is_an_error_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    for toml in [
        format!("name = {}1{}\n", "[".repeat(20_000), "]".repeat(20_000)),
        format!("name = {}1{}\n", "{a=".repeat(15_000), "}".repeat(15_000)),
        format!("{}a = 1\n", "a.".repeat(30_000)),
    ] {
        fs::write(dir.path().join("theme.toml"), toml).unwrap();
        let f = load_err(dir.path());
        assert!(f.to_string().contains("recurs"), "{f}");
    }
}

#[cfg(unix)]
#[test]
fn a_theme_toml_that_links_out_is_refused() {
    let outside = tempfile::tempdir().unwrap();
    fs::write(outside.path().join("theme.toml"), "name = \"Elsewhere\"\n").unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("theme.toml"),
        dir.path().join("theme.toml"),
    )
    .unwrap();
    let f = load_err(dir.path());
    assert!(
        f.to_string().contains("leads outside the theme folder"),
        "{f}"
    );
}

#[cfg(unix)]
#[test]
fn a_story_that_links_out_is_reported_not_skipped() {
    let outside = tempfile::tempdir().unwrap();
    fs::write(outside.path().join("secret.md"), "secret").unwrap();
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("theme.toml"), "name = \"X\"\n").unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("secret.md"),
        dir.path().join("story.md"),
    )
    .unwrap();
    let f = load_err(dir.path());
    assert!(
        f.to_string().contains("story.md") && f.to_string().contains("leads outside"),
        "{f}"
    );
}

/// Issue 26, class 1: a file swapped for a link between the path check
/// and the open (the hook runs at exactly that moment, so the race is
/// won every time) is still not read from outside the folder.
#[cfg(unix)]
#[test]
fn a_story_swapped_for_a_link_just_before_the_open_is_not_read() {
    fn swap(folder: &Path, file: &str) {
        // Only this test's folder: other tests load themes meanwhile.
        if file == "story.md" && folder.ends_with("swap-race-theme") {
            let story = folder.join("story.md");
            fs::remove_file(&story).unwrap();
            std::os::unix::fs::symlink("../SECRET.md", &story).unwrap();
        }
    }
    let outer = tempfile::tempdir().unwrap();
    fs::write(outer.path().join("SECRET.md"), "the launch code is 1234").unwrap();
    let dir = outer.path().join("swap-race-theme");
    fs::create_dir(&dir).unwrap();
    fs::write(dir.join("theme.toml"), "name = \"Swapped\"\n").unwrap();
    fs::write(dir.join("story.md"), "A harmless tale.\n").unwrap();
    taflkit::theme::files::set_before_open(Some(swap));
    let loaded = Theme::load(dir.to_str().unwrap());
    taflkit::theme::files::set_before_open(None);
    match loaded {
        Ok(t) => panic!("the swapped story was read: {:?}", t.story),
        Err(f) => assert!(
            f.to_string().contains("story.md") && f.to_string().contains("leads outside"),
            "{f}"
        ),
    }
}

/// Issue 26, class 1: the theme folder is opened once; a folder swapped
/// for another after it was opened does not change what is read.
#[cfg(unix)]
#[test]
fn files_are_read_from_the_folder_that_was_opened() {
    let outer = tempfile::tempdir().unwrap();
    let dir = outer.path().join("theme");
    fs::create_dir(&dir).unwrap();
    fs::write(dir.join("theme.toml"), "name = \"First\"\n").unwrap();
    let source = taflkit::theme::files::Source::folder(&dir).unwrap();
    fs::rename(&dir, outer.path().join("moved")).unwrap();
    fs::create_dir(&dir).unwrap();
    fs::write(dir.join("theme.toml"), "name = \"Second\"\n").unwrap();
    let bytes = source.read("theme.toml", 1024, "theme.toml").unwrap();
    assert_eq!(bytes, b"name = \"First\"\n");
}
