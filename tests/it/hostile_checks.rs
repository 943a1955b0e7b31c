//! Hostile input, round 2 (issue 26), class 7: checks that said less than
//! they should. Each input here was accepted by `validate` (or reported
//! under the wrong name) and is now refused where it is written.

use std::path::Path;
use std::process::Output;

use crate::common::{self, stderr};

/// Runs taflkit in `dir` without the person's paper settings, with `env`.
fn run_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = common::bin();
    cmd.args(args)
        .current_dir(dir)
        .env_remove("TAFLKIT_PAPER")
        .env("XDG_CONFIG_HOME", "/nonexistent/taflkit-tests");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn refused(o: &Output, expect: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains(expect), "expected {expect:?} in: {err}");
}

/// A copy of a bundled font whose glyph locations (`loca`) point past the
/// glyph data: the font parses, but no glyph after the fifth can be cut
/// out of it for a PDF.
pub(crate) fn broken_font() -> Vec<u8> {
    let mut b = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/fonts/Go-Bold.ttf")).unwrap();
    let be16 = |b: &[u8], at: usize| u16::from_be_bytes([b[at], b[at + 1]]) as usize;
    let be32 = |b: &[u8], at: usize| u32::from_be_bytes(b[at..at + 4].try_into().unwrap()) as usize;
    let table = |b: &[u8], tag: &[u8]| {
        (0..be16(b, 4))
            .map(|i| 12 + 16 * i)
            .find(|r| &b[*r..*r + 4] == tag)
            .map(|r| (be32(b, r + 8), be32(b, r + 12)))
            .unwrap()
    };
    let (head, _) = table(&b, b"head");
    let step = if be16(&b, head + 50) == 1 { 4 } else { 2 };
    let (loca, len) = table(&b, b"loca");
    for at in (loca + 5 * step..loca + len).step_by(step) {
        b[at..at + step].fill(0xff);
    }
    b
}

#[test]
fn a_font_that_cannot_be_embedded_is_refused_by_validate_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let theme = dir.path().join("th");
    std::fs::create_dir(&theme).unwrap();
    std::fs::write(theme.join("broken.ttf"), broken_font()).unwrap();
    std::fs::write(
        theme.join("theme.toml"),
        "name = \"Broken\"\n[fonts]\nbody = \"broken.ttf\"\n",
    )
    .unwrap();
    let expect = "th/theme.toml:3:8: error: broken.ttf: it cannot be embedded in a PDF";
    refused(&run_in(dir.path(), &["validate", "th"], &[]), expect);
    refused(
        &run_in(
            dir.path(),
            &["build", "york", "--theme", "th", "-o", "k.pdf"],
            &[],
        ),
        expect,
    );
    assert!(!dir.path().join("k.pdf").exists());
}

#[test]
fn numbers_the_svg_reader_would_drop_are_refused_in_art() {
    let dir = tempfile::tempdir().unwrap();
    let theme = dir.path().join("th");
    std::fs::create_dir(&theme).unwrap();
    std::fs::write(theme.join("theme.toml"), "[art]\nking = \"k.svg\"\n").unwrap();
    for (svg, expect) in [
        (
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 -10 10"><rect width="5" height="5"/></svg>"#,
            "positive width and height",
        ),
        (
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 NaN 10"><rect width="5" height="5"/></svg>"#,
            "NaN",
        ),
        (
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="1e400" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>"#,
            "too large",
        ),
        (
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect transform="rotate(NaN)" width="5" height="5"/></svg>"#,
            "NaN",
        ),
    ] {
        std::fs::write(theme.join("k.svg"), svg).unwrap();
        refused(
            &run_in(dir.path(), &["validate", "th"], &[]),
            "th/theme.toml:2:8: error: k.svg: ",
        );
        refused(&run_in(dir.path(), &["validate", "th"], &[]), expect);
    }
}

#[test]
fn toml_dates_are_not_text() {
    let dir = tempfile::tempdir().unwrap();
    let theme = dir.path().join("th");
    std::fs::create_dir(&theme).unwrap();
    std::fs::write(
        theme.join("theme.toml"),
        "name = 1979-05-27\ncredits = 1979-05-27T07:32:00Z\nweb = 07:32:00\n",
    )
    .unwrap();
    let o = run_in(dir.path(), &["validate", "th"], &[]);
    for line in ["1:8", "2:11", "3:7"] {
        refused(&o, &format!("th/theme.toml:{line}: error: "));
    }
    refused(&o, "not a date");
    let york = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/york.toml"))
        .unwrap();
    let v = york.replacen("name = \"", "name = 1066-09-20\nold_name = \"", 1);
    let v = v.replace("old_name", "# old_name");
    common::file(dir.path(), "v.toml", v);
    refused(
        &run_in(dir.path(), &["validate", "v.toml"], &[]),
        "not a date",
    );
}

#[test]
fn a_variant_theme_is_a_built_in_id_not_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    // A folder beside the variant that happens to be a theme.
    std::fs::create_dir(dir.path().join("mine")).unwrap();
    std::fs::write(dir.path().join("mine/theme.toml"), "name = \"Mine\"\n").unwrap();
    let york = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/york.toml"))
        .unwrap();
    let line = york.lines().position(|l| l.starts_with("theme =")).unwrap() + 1;
    for (value, hint) in [("mine", None), ("yrok", Some("did you mean \"york\"?"))] {
        let v = york.replace("theme = \"york\"", &format!("theme = \"{value}\""));
        common::file(dir.path(), "v.toml", v);
        for args in [
            &["validate", "v.toml"][..],
            &["build", "v.toml", "-o", "k.pdf"],
        ] {
            let o = run_in(dir.path(), args, &[]);
            refused(
                &o,
                &format!("v.toml:{line}:9: error: 'theme' must be a built-in theme id"),
            );
            assert!(!stderr(&o).contains("--theme:"), "{}", stderr(&o));
            if let Some(h) = hint {
                refused(&o, h);
            }
        }
    }
    // Any case of a built-in id is that id.
    let v = york.replace("theme = \"york\"", "theme = \"YORK\"");
    common::file(dir.path(), "v.toml", v);
    let o = run_in(dir.path(), &["validate", "v.toml"], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn taflkit_paper_is_reported_under_its_own_name_and_empty_is_unset() {
    let dir = tempfile::tempdir().unwrap();
    let o = run_in(
        dir.path(),
        &["build", "brandubh", "-o", "k.pdf"],
        &[("TAFLKIT_PAPER", "leter")],
    );
    refused(
        &o,
        "TAFLKIT_PAPER: error: unknown paper \"leter\"; did you mean \"letter\"?",
    );
    assert!(!stderr(&o).contains("--paper"), "{}", stderr(&o));
    assert!(!dir.path().join("k.pdf").exists());
    // Empty is as if unset: A4.
    let o = run_in(
        dir.path(),
        &["build", "brandubh", "-q"],
        &[("TAFLKIT_PAPER", "")],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.path().join("brandubh-viking-a4.pdf").exists());
    // A command that names its paper does not read the variable.
    let o = run_in(
        dir.path(),
        &["build", "brandubh", "--paper", "a3", "-q"],
        &[("TAFLKIT_PAPER", "leter")],
    );
    assert!(o.status.success(), "{}", stderr(&o));
}

#[cfg(unix)]
#[test]
fn a_settings_file_that_is_a_loop_of_links_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let conf = dir.path().join("taflkit");
    std::fs::create_dir(&conf).unwrap();
    std::os::unix::fs::symlink("config.toml", conf.join("config.toml")).unwrap();
    let o = common::bin()
        .args(["build", "brandubh", "-o", "k.pdf"])
        .current_dir(dir.path())
        .env_remove("TAFLKIT_PAPER")
        .env("XDG_CONFIG_HOME", dir.path())
        .output()
        .unwrap();
    refused(&o, "config.toml: error: cannot read the settings file");
    assert!(!dir.path().join("k.pdf").exists());
}

#[test]
fn new_theme_with_a_very_long_folder_name_writes_a_theme_that_builds() {
    let dir = tempfile::tempdir().unwrap();
    let name = ["long"; 40].join("-"); // 199 characters
    let o = run_in(dir.path(), &["new-theme", &name], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let toml = std::fs::read_to_string(dir.path().join(&name).join("theme.toml")).unwrap();
    let line = toml.lines().find(|l| l.starts_with("name = ")).unwrap();
    assert!(line.chars().count() <= "name = \"\"".len() + 120, "{line}");
    let o = run_in(dir.path(), &["validate", &name], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run_in(
        dir.path(),
        &["build", "brandubh", "--theme", &name, "-o", "k.pdf", "-q"],
        &[],
    );
    assert!(o.status.success(), "{}", stderr(&o));
}

/// The encirclement rule as written (docs/variants.md): the attackers win
/// when no defender and not the king can reach the board's edge through
/// squares without an attacker. A plain flood fill from the edge, for
/// checking the engine's faster test.
fn encircled_as_written(board: &[Vec<Option<taflkit::rules::Piece>>]) -> bool {
    use taflkit::rules::Piece;
    let n = board.len();
    let mut seen = vec![vec![false; n]; n];
    let mut stack = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if r == 0 || c == 0 || r == n - 1 || c == n - 1 {
                match board[r][c] {
                    Some(Piece::Attacker) => {}
                    Some(_) => return false,
                    None => {
                        seen[r][c] = true;
                        stack.push((r, c));
                    }
                }
            }
        }
    }
    while let Some((r, c)) = stack.pop() {
        let near = [
            (r.wrapping_sub(1), c),
            (r + 1, c),
            (r, c.wrapping_sub(1)),
            (r, c + 1),
        ];
        for (rr, cc) in near {
            if rr >= n || cc >= n || seen[rr][cc] {
                continue;
            }
            match board[rr][cc] {
                Some(Piece::Attacker) => {}
                Some(_) => return false,
                None => {
                    seen[rr][cc] = true;
                    stack.push((rr, cc));
                }
            }
        }
    }
    true
}

/// Issue 26, class 5: the engine's quick encirclement test (a look at the
/// arriving attacker's neighbours, then a fill from the defenders) decides
/// exactly as the rule is written, in random games on a crowded small
/// board where encirclements happen, and on Copenhagen.
#[test]
fn encirclement_is_decided_as_the_rule_is_written() {
    use taflkit::rules::{Game, GameResult, Side, WinReason};
    let crowded = "id = \"ring\"\nname = \"Ring\"\nsize = 9\nfirst = \"attackers\"\nescape = \"corner\"\nencirclement = true\nsetup = \"\"\"\n. . A A A A A . .\n. A . . . . . . .\nA . . . . . . . A\nA . . . D . . . A\nA . . D K D . . A\nA . . . D . . . A\nA . . . . . . . A\n. A . . . . . A .\n. . A A A A A . .\n\"\"\"\n";
    let (ring, _) = taflkit::rules::file::parse("ring.toml", crowded.as_bytes()).unwrap();
    let (copenhagen, _) = taflkit::rules::load("copenhagen").unwrap();
    let mut rng: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let (mut wins, mut checked) = (0, 0);
    for variant in [&ring, &copenhagen] {
        for _ in 0..60 {
            let mut g = Game::new(variant);
            for _ in 0..300 {
                let moves = g.legal_moves();
                if moves.is_empty() || g.result().is_over() {
                    break;
                }
                let mover = g.to_move();
                // Half the time the attackers close the ring when they can,
                // so that encirclements happen.
                let closing = (mover == Side::Attackers && next(2) == 0)
                    .then(|| {
                        moves.iter().copied().find(|m| {
                            let mut h = g.clone();
                            h.play(*m).is_ok()
                                && matches!(
                                    h.result(),
                                    GameResult::Win {
                                        reason: WinReason::Encircled,
                                        ..
                                    }
                                )
                        })
                    })
                    .flatten();
                g.play(closing.unwrap_or_else(|| moves[next(moves.len())]))
                    .unwrap();
                let by_rule = encircled_as_written(&g.board());
                match g.result() {
                    GameResult::Win {
                        reason: WinReason::Encircled,
                        ..
                    } => {
                        assert!(by_rule, "declared encircled but is not:\n{}", g.diagram());
                        wins += 1;
                    }
                    GameResult::Ongoing if mover == Side::Attackers => {
                        assert!(!by_rule, "encircled but not declared:\n{}", g.diagram());
                        checked += 1;
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(
        wins > 0 && checked > 1000,
        "{wins} encirclements, {checked} checks"
    );
}

#[test]
fn png_resolution_is_bounded_and_refused_under_the_option_typed() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &[
            "build", "york", "--paper", "a3", "-o", "k.png", "--dpi", "1200",
        ][..],
        &[
            "build", "york", "--paper", "tabloid", "-o", "k.png", "--dpi", "401",
        ],
        &[
            "preview",
            "york",
            "--paper",
            "tabloid",
            "--out-dir",
            "p",
            "--dpi",
            "1200",
        ],
    ] {
        let o = run_in(dir.path(), args, &[]);
        refused(&o, "--dpi: error: must be between 10 and 400 dots per inch");
        assert!(!stderr(&o).contains("preview:"), "{}", stderr(&o));
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// Issue 26, class 6: text the theme's fonts cannot print is an error
/// naming the file, line, column and characters, in `validate` and
/// `build` alike; nothing is written.
#[test]
fn characters_no_font_has_are_located_errors_not_boxes() {
    let dir = tempfile::tempdir().unwrap();
    let theme = dir.path().join("th");
    std::fs::create_dir(&theme).unwrap();
    std::fs::write(theme.join("theme.toml"), "name = \"Shalom שלום\"\n").unwrap();
    std::fs::write(theme.join("story.md"), "A tale.\n\nThe 王 returns.\n").unwrap();
    let brandubh = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/variants/brandubh.toml"
    ))
    .unwrap();
    let line = brandubh
        .lines()
        .position(|l| l.starts_with("name ="))
        .unwrap()
        + 1;
    let v = brandubh
        .lines()
        .map(|l| {
            if l.starts_with("name =") {
                "name = \"Tafl 🙂\""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    common::file(dir.path(), "v.toml", v);
    for args in [
        &["validate", "th"][..],
        &["build", "york", "--theme", "th", "-o", "k.pdf"],
    ] {
        let o = run_in(dir.path(), args, &[]);
        refused(
            &o,
            "th/theme.toml:1:8: error: 'name' uses characters the theme's fonts cannot print: 'ש' (U+05E9)",
        );
        refused(
            &o,
            "th/story.md:3:5: error: the text uses characters the theme's fonts cannot print: '王' (U+738B)",
        );
    }
    for args in [
        &["validate", "v.toml"][..],
        &["build", "v.toml", "-o", "k.pdf"],
    ] {
        let o = run_in(dir.path(), args, &[]);
        refused(
            &o,
            &format!(
                "v.toml:{line}:8: error: the variant's name uses characters the theme's fonts cannot print: '🙂' (U+1F642)"
            ),
        );
    }
    assert!(!dir.path().join("k.pdf").exists());
}

/// Issue 26, class 6: the bundled faces print every letter of the kit's
/// languages (nb, sv, da, de, fr) and every character of the kit's own
/// words and the built-in themes' stories in every language.
#[test]
fn the_bundled_fonts_cover_every_language_of_the_kit() {
    use taflkit::layout::FontRole;
    use taflkit::layout::text::FontSet;
    let fonts = FontSet::builtin();
    let mut texts = vec![(
        "letters".to_string(),
        "æøåÆØÅäöüÄÖÜßéèêëàâçîïôûùÿœŒÉÈÊÀÇ«»„“”‘’‚–—…".to_string(),
    )];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for folder in ["lang", "themes", "templates"] {
        let mut stack = vec![root.join(folder)];
        while let Some(d) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&d) else {
                continue;
            };
            for e in entries.flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if let Ok(t) = std::fs::read_to_string(&p) {
                    texts.push((p.display().to_string(), t));
                }
            }
        }
    }
    assert!(texts.len() > 20, "only {} files read", texts.len());
    for (name, text) in &texts {
        for role in [
            FontRole::Heading,
            FontRole::Body,
            FontRole::Bold,
            FontRole::Italic,
        ] {
            let missing = fonts.missing(role, text);
            assert!(missing.is_empty(), "{name}: {role:?} lacks {missing:?}");
        }
    }
}
