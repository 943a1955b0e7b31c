//! The command line as a person and a script meet it (issue 15) and the
//! hostile-input cases of the command line (issue 12): what is written
//! where, exit codes, messages, help.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn taflkit_in(dir: &Path, args: &[&str]) -> Output {
    crate::common::bin()
        .args(args)
        .current_dir(dir)
        .env_remove("TAFLKIT_PAPER")
        .env("XDG_CONFIG_HOME", "/nonexistent/taflkit-tests")
        .env_remove("NO_COLOR")
        .output()
        .expect("taflkit runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn pdf_pages(bytes: &[u8]) -> usize {
    lopdf::Document::load_mem(bytes).unwrap().get_pages().len()
}

#[test]
fn bare_taflkit_prints_a_short_help_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let o = taflkit_in(tmp.path(), &[]);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o.stdout);
    assert!(out.contains("Usage:") && out.contains("build"), "{out}");
    assert!(out.lines().count() < 45, "the short help is short:\n{out}");
    assert!(files_in(tmp.path()).is_empty());
}

#[test]
fn dash_writes_the_pdf_to_standard_output() {
    let tmp = tempfile::tempdir().unwrap();
    let o = taflkit_in(tmp.path(), &["build", "york", "-o", "-"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(o.stdout.starts_with(b"%PDF-"));
    assert!(pdf_pages(&o.stdout) > 3);
    assert!(files_in(tmp.path()).is_empty(), "no file named '-'");
}

#[test]
fn svg_and_png_outputs_write_one_numbered_file_per_page() {
    let tmp = tempfile::tempdir().unwrap();
    let o = taflkit_in(tmp.path(), &["build", "york", "-o", "k.pdf"]);
    assert!(o.status.success());
    let pages = pdf_pages(&std::fs::read(tmp.path().join("k.pdf")).unwrap());
    let o = taflkit_in(tmp.path(), &["build", "york", "-o", "svg/k.SVG"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let svgs = files_in(&tmp.path().join("svg"));
    assert_eq!(svgs.len(), pages);
    assert_eq!(svgs[0], "k-01.svg");
    let first = std::fs::read_to_string(tmp.path().join("svg/k-01.svg")).unwrap();
    assert!(first.contains("<svg"));
    let o = taflkit_in(
        tmp.path(),
        &["build", "york", "-o", "png/k.png", "--dpi", "20"],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let pngs = files_in(&tmp.path().join("png"));
    assert_eq!(pngs.len(), pages);
    let bytes = std::fs::read(tmp.path().join("png/k-01.png")).unwrap();
    assert!(bytes.starts_with(b"\x89PNG"));
    // The paths written are printed, one a line.
    assert_eq!(text(&o.stdout).lines().count(), pages);
}

#[test]
fn an_unknown_extension_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let o = taflkit_in(tmp.path(), &["build", "york", "-o", "k.jpg"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).starts_with("-o: error:"),
        "{}",
        text(&o.stderr)
    );
    assert!(files_in(tmp.path()).is_empty());
}

#[test]
fn a_missing_output_folder_is_created() {
    let tmp = tempfile::tempdir().unwrap();
    let o = taflkit_in(tmp.path(), &["build", "york", "-o", "a/b/kit.pdf"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(tmp.path().join("a/b/kit.pdf").is_file());
    assert_eq!(text(&o.stdout).trim(), "a/b/kit.pdf");
}

#[test]
fn validate_accepts_builtin_ids() {
    let tmp = tempfile::tempdir().unwrap();
    let o = taflkit_in(tmp.path(), &["validate", "york", "tafel", "sea"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("york (built-in variant): ok"), "{out}");
    assert!(out.contains("york (built-in theme): ok"), "{out}");
    assert!(out.contains("sea (built-in theme): ok"), "{out}");
    let o = taflkit_in(tmp.path(), &["validate", "no-such-thing"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("taflkit list"), "a hint");
}

#[test]
fn the_default_name_says_what_differs() {
    let tmp = tempfile::tempdir().unwrap();
    let runs: &[&[&str]] = &[
        &["build", "sea-battle-9"],
        &["build", "sea-battle-9", "--mono"],
        &["build", "sea-battle-9", "--sticker"],
        &["build", "sea-battle-9", "--king-mm", "20"],
        &["build", "tafel", "--option", "berserker"],
    ];
    let mut names = Vec::new();
    for args in runs {
        let o = taflkit_in(tmp.path(), args);
        assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
        let name = text(&o.stdout).trim().to_string();
        assert!(tmp.path().join(&name).is_file());
        names.push(name);
    }
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{names:?}");
    assert!(names[1].contains("mono") && names[2].contains("sticker"));
    assert!(names[3].contains("king20") && names[4].contains("berserker"));
}

#[test]
fn size_errors_name_the_option_typed() {
    let tmp = tempfile::tempdir().unwrap();
    let o = taflkit_in(tmp.path(), &["build", "york", "--king-mm", "100"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).starts_with("--king-mm: error:"),
        "{}",
        text(&o.stderr)
    );
    // A huge number is shown short, not as 300 digits (issue 12, item 10).
    let o = taflkit_in(tmp.path(), &["build", "york", "--square-mm", "1e308"]);
    assert_eq!(o.status.code(), Some(1));
    let e = text(&o.stderr);
    assert!(
        e.starts_with("--square-mm: error:") && e.contains("1e308"),
        "{e}"
    );
    assert!(e.len() < 200, "{e}");
    assert!(files_in(tmp.path()).is_empty());
}

#[test]
fn counts_and_sizes_are_bounded_and_refused_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    for (args, option) in [
        (&["build", "--spares", "100000"][..], "--spares"),
        (&["build", "--spares", "-1"][..], "--spares"),
        (&["build", "--piece-mm", "1000"][..], "--piece-mm"),
        (&["build", "--king-mm", "nan"][..], "--king-mm"),
        (&["preview", "--out-dir", "p", "--dpi", "1e9"][..], "--dpi"),
    ] {
        let t = Instant::now();
        let o = taflkit_in(tmp.path(), args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(
            text(&o.stderr).starts_with(&format!("{option}: error:")),
            "{args:?}: {}",
            text(&o.stderr)
        );
        assert!(t.elapsed() < Duration::from_secs(5));
    }
    assert!(files_in(tmp.path()).is_empty());
}

#[test]
fn values_and_builtin_ids_ignore_case() {
    let tmp = tempfile::tempdir().unwrap();
    let o = taflkit_in(
        tmp.path(),
        &[
            "build", "York", "--paper", "A4", "--duplex", "LONG", "--shape", "Disc", "--theme",
            "Viking", "-o", "k.pdf",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
}

#[test]
fn the_default_paper_comes_from_the_environment() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |value: &str| {
        crate::common::bin()
            .args(["build", "sea-battle-9"])
            .current_dir(tmp.path())
            .env("XDG_CONFIG_HOME", "/nonexistent/taflkit-tests")
            .env("TAFLKIT_PAPER", value)
            .output()
            .unwrap()
    };
    let o = run("Letter");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout).trim(), "sea-battle-9-sea-letter.pdf");
    // A bad value is bad input named by the variable (issue 26), not a
    // usage error about --paper, which nobody typed.
    let o = run("folio");
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).starts_with("TAFLKIT_PAPER: error: unknown paper \"folio\""));
}

#[test]
fn theme_warnings_are_printed_without_errors_and_quiet_hides_them() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir(tmp.path().join("th")).unwrap();
    std::fs::write(tmp.path().join("th/theme.toml"), "name = \"Plain\"\n").unwrap();
    let o = taflkit_in(
        tmp.path(),
        &["build", "york", "--theme", "th", "-o", "k.pdf"],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("warning: no story.md"),
        "{}",
        text(&o.stderr)
    );
    let o = taflkit_in(
        tmp.path(),
        &["-q", "build", "york", "--theme", "th", "-o", "k.pdf"],
    );
    assert!(o.status.success());
    assert_eq!(text(&o.stderr), "", "-q prints nothing but errors");
    let o = taflkit_in(tmp.path(), &["build", "york", "-v", "-o", "k.pdf"]);
    assert!(text(&o.stderr).contains("drawn in"), "{}", text(&o.stderr));
}

#[test]
fn color_is_asked_for_or_not() {
    let tmp = tempfile::tempdir().unwrap();
    let o = taflkit_in(tmp.path(), &["--color", "always", "build", "nope"]);
    assert!(
        text(&o.stderr).contains("\x1b[1;31merror\x1b[0m"),
        "{}",
        text(&o.stderr)
    );
    let o = taflkit_in(tmp.path(), &["build", "yrok", "--color", "never"]);
    assert!(!text(&o.stderr).contains('\x1b'));
    assert!(
        text(&o.stderr).contains("did you mean 'york'"),
        "a hint: {}",
        text(&o.stderr)
    );
}

#[test]
fn play_output_is_accepted_by_play_from() {
    let tmp = tempfile::tempdir().unwrap();
    let o = taflkit_in(tmp.path(), &["play", "york", "e1-e3"]);
    assert!(o.status.success());
    std::fs::write(tmp.path().join("pos.txt"), &o.stdout).unwrap();
    let o = taflkit_in(
        tmp.path(),
        &[
            "play",
            "york",
            "--from",
            "pos.txt",
            "--to-move",
            "defenders",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).ends_with("result: ongoing\n"));
    // A wrong symbol is located as file:line:column.
    let mut bad = std::fs::read_to_string(tmp.path().join("pos.txt")).unwrap();
    bad = bad.replacen(". . . A A", ". . . A Q", 1);
    std::fs::write(tmp.path().join("bad.txt"), bad).unwrap();
    let o = taflkit_in(
        tmp.path(),
        &[
            "play",
            "york",
            "--from",
            "bad.txt",
            "--to-move",
            "defenders",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).starts_with("bad.txt:1:9: error:"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn help_gives_arguments_defaults_examples_and_exit_codes() {
    let tmp = tempfile::tempdir().unwrap();
    for cmd in [
        "build",
        "preview",
        "watch",
        "list",
        "validate",
        "play",
        "perft",
        "puzzles",
        "match",
        "rules",
        "new-theme",
        "completions",
        "man",
    ] {
        let o = taflkit_in(tmp.path(), &[cmd, "--help"]);
        assert!(o.status.success(), "{cmd}");
        let h = text(&o.stdout);
        assert!(
            h.contains("Exit status"),
            "{cmd} --help lists exit codes:\n{h}"
        );
        if cmd != "list" {
            assert!(h.contains("Example"), "{cmd} --help has an example:\n{h}");
        }
    }
    let perft = text(&taflkit_in(tmp.path(), &["perft", "--help"]).stdout);
    assert!(
        perft.contains("Built-in variant id") && perft.contains("plies"),
        "{perft}"
    );
    let rules = text(&taflkit_in(tmp.path(), &["rules", "--help"]).stdout);
    assert!(rules.contains("Built-in variant id"), "{rules}");
    let build = text(&taflkit_in(tmp.path(), &["build", "--help"]).stdout);
    for default in [
        "config.toml, else a4]",
        "[default: long]",
        "[default: york]",
        "[default: 0]",
    ] {
        assert!(
            build.contains(default),
            "build --help lacks {default}:\n{build}"
        );
    }
    assert!(build.contains("a3") && build.contains("tabloid"));
}

#[test]
fn only_keeps_the_sheets_of_a_part_with_the_whole_kits_numbers() {
    use taflkit::cli::args::{KitArgs, PartArg};
    use taflkit::kit::KitPart;
    let whole = KitArgs {
        variant: Some("york".into()),
        ..KitArgs::default()
    };
    crate::common::kit::use_the_tests_cache();
    let (_, all) = taflkit::cli::build::plan_kit(&whole).unwrap();
    let labels: Vec<String> = all.document.pages.iter().map(|p| p.label.clone()).collect();
    for (arg, part) in [
        (PartArg::Board, KitPart::Board),
        (PartArg::Pieces, KitPart::Pieces),
        (PartArg::Cards, KitPart::Cards),
        (PartArg::Leaflet, KitPart::Leaflet),
        (PartArg::Cover, KitPart::Cover),
    ] {
        let args = KitArgs {
            only: vec![arg],
            ..whole.clone()
        };
        let (_, some) = taflkit::cli::build::plan_kit(&args).unwrap();
        let expected: Vec<&String> = labels
            .iter()
            .zip(&all.parts)
            .filter(|(_, held)| held.contains(&part))
            .map(|(l, _)| l)
            .collect();
        let got: Vec<&String> = some.document.pages.iter().map(|p| &p.label).collect();
        assert!(!got.is_empty(), "{part:?}");
        assert_eq!(got, expected, "{part:?}");
        // Same sizes: each kept page is the whole kit's page.
        for p in &some.document.pages {
            let same = all
                .document
                .pages
                .iter()
                .find(|q| q.label == p.label)
                .unwrap();
            assert_eq!(p.items.len(), same.items.len());
        }
    }
    let tmp = tempfile::tempdir().unwrap();
    let o = taflkit_in(
        tmp.path(),
        &["build", "york", "--only", "cover", "--only", "LEAFLET"],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let name = text(&o.stdout).trim().to_string();
    assert!(name.contains("leaflet") && name.contains("cover"), "{name}");
    let pages = pdf_pages(&std::fs::read(tmp.path().join(name)).unwrap());
    assert_eq!(
        pages,
        1 + all
            .parts
            .iter()
            .filter(|p| p.contains(&KitPart::Leaflet))
            .count()
    );
    // The message counts what was written, not the whole kit's sheets.
    let note = text(&o.stderr);
    assert!(
        note.starts_with(&format!("{pages} pages of the kit (whole kit: ")),
        "{note}"
    );
}

#[test]
fn completions_and_man_page_come_from_the_definitions() {
    let tmp = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = taflkit_in(tmp.path(), &["completions", shell]);
        assert!(o.status.success(), "{shell}");
        let s = text(&o.stdout);
        assert!(
            s.contains("taflkit") && s.contains("perft") && s.contains("paper"),
            "{shell}"
        );
    }
    let o = taflkit_in(tmp.path(), &["man"]);
    assert!(o.status.success());
    let m = text(&o.stdout);
    assert!(
        m.starts_with(".ie") || m.starts_with(".TH"),
        "{}",
        &m[..80.min(m.len())]
    );
    for word in ["perft", "square", "tabloid", "completions"] {
        assert!(m.contains(word), "the man page lacks {word}");
    }
}

#[test]
fn watch_rebuilds_on_change_and_survives_errors() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::create_dir(dir.join("th")).unwrap();
    std::fs::write(dir.join("th/theme.toml"), "name = \"One\"\n").unwrap();
    let child = crate::common::bin()
        .args([
            "watch",
            "sea-battle-9",
            "--theme",
            "th",
            "-o",
            "out/k.pdf",
            "--builds",
            "3",
        ])
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let wait_for = |cond: &dyn Fn() -> bool| {
        let t = Instant::now();
        while !cond() {
            assert!(t.elapsed() < Duration::from_secs(120), "watch did not act");
            std::thread::sleep(Duration::from_millis(100));
        }
    };
    let pdf = dir.join("out/k.pdf");
    wait_for(&|| pdf.exists());
    let first = std::fs::metadata(&pdf).unwrap().modified().unwrap();
    std::thread::sleep(Duration::from_millis(1100));
    // A broken theme: reported, watching goes on.
    std::fs::write(dir.join("th/theme.toml"), "name = \n").unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    std::fs::write(dir.join("th/theme.toml"), "name = \"Two\"\n").unwrap();
    wait_for(&|| std::fs::metadata(&pdf).unwrap().modified().unwrap() != first);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let err = text(&out.stderr);
    assert!(
        err.contains("th/theme.toml:1:"),
        "the error is reported:\n{err}"
    );
    assert_eq!(err.matches("watch: built").count(), 2, "{err}");
}

// ---- Issue 12: -o never destroys what it should not. ----

fn refused(dir: &Path, args: &[&str], words: &str) {
    let o = taflkit_in(dir, args);
    assert_eq!(o.status.code(), Some(1), "{args:?}");
    let e = text(&o.stderr);
    assert!(e.contains(words), "{args:?}: {e}");
}

#[test]
fn output_never_replaces_an_input_a_folder_or_a_special_file() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let variant = taflkit::rules::builtin_source("sea-battle-9").unwrap();
    std::fs::write(dir.join("my.toml"), variant).unwrap();
    std::fs::write(dir.join("my"), variant).unwrap();
    std::fs::create_dir_all(dir.join("th")).unwrap();
    std::fs::write(dir.join("th/theme.toml"), "name = \"Mine\"\n").unwrap();
    refused(dir, &["build", "my.toml", "-o", "my.toml"], "not .toml");
    refused(dir, &["build", "my", "-o", "my"], "variant file");
    refused(dir, &["build", "my", "-o", "./sub/../my"], "variant file");
    refused(
        dir,
        &["build", "york", "--theme", "th", "-o", "th/theme.toml"],
        "not .toml",
    );
    std::fs::write(dir.join("th/old.pdf"), "old").unwrap();
    refused(
        dir,
        &["build", "york", "--theme", "th", "-o", "th/old.pdf"],
        "theme folder",
    );
    refused(
        dir,
        &["build", "york", "--theme", "th", "-o", "th/new/k.pdf"],
        "theme folder",
    );
    refused(
        dir,
        &["build", "york", "--theme", "th", "-o", "th/k.svg"],
        "theme folder",
    );
    refused(
        dir,
        &["preview", "york", "--theme", "th", "--out-dir", "th"],
        "theme folder",
    );
    refused(dir, &["build", "york", "-o", "th"], "a folder");
    assert_eq!(
        std::fs::read_to_string(dir.join("my.toml")).unwrap(),
        variant
    );
    assert_eq!(std::fs::read_to_string(dir.join("my")).unwrap(), variant);
    assert_eq!(
        std::fs::read_to_string(dir.join("th/theme.toml")).unwrap(),
        "name = \"Mine\"\n"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if Command::new("mkfifo")
            .arg(dir.join("pipe"))
            .status()
            .is_ok_and(|s| s.success())
        {
            refused(dir, &["build", "york", "-o", "pipe"], "not a regular file");
            let t = std::fs::symlink_metadata(dir.join("pipe"))
                .unwrap()
                .file_type();
            assert!(t.is_fifo(), "the pipe is still a pipe");
        }
        // A link to the variant is the variant.
        std::os::unix::fs::symlink("my", dir.join("link.pdf")).unwrap();
        refused(dir, &["build", "my", "-o", "link.pdf"], "variant file");
        // A link that points nowhere is refused.
        std::os::unix::fs::symlink("nowhere/x.pdf", dir.join("dangling.pdf")).unwrap();
        refused(
            dir,
            &["build", "york", "-o", "dangling.pdf"],
            "points to nothing",
        );
        assert!(!dir.join("nowhere").exists());
        // A link to a PDF: the PDF is replaced, the link stays a link.
        std::fs::write(dir.join("old.pdf"), "old").unwrap();
        std::os::unix::fs::symlink("old.pdf", dir.join("kit.pdf")).unwrap();
        let o = taflkit_in(dir, &["build", "york", "-o", "kit.pdf"]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        assert!(
            std::fs::symlink_metadata(dir.join("kit.pdf"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert!(
            std::fs::read(dir.join("old.pdf"))
                .unwrap()
                .starts_with(b"%PDF-")
        );
    }
    let left: Vec<String> = files_in(dir)
        .into_iter()
        .filter(|f| f.ends_with(".part"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn perft_refuses_hopeless_depths_and_reports_progress_on_long_ones() {
    let tmp = tempfile::tempdir().unwrap();
    let t = Instant::now();
    for depth in ["7", "12", "4000000000"] {
        let o = taflkit_in(tmp.path(), &["perft", "york", "--depth", depth]);
        assert_eq!(o.status.code(), Some(1), "depth {depth}");
        assert!(
            text(&o.stderr).starts_with("--depth: error:"),
            "{}",
            text(&o.stderr)
        );
    }
    assert!(t.elapsed() < Duration::from_secs(20));
    // -v always gets the final progress line; the total is the published count.
    let o = taflkit_in(tmp.path(), &["perft", "york", "--depth", "3", "-v"]);
    assert!(o.status.success());
    assert_eq!(text(&o.stdout).trim(), "920688");
    assert!(
        text(&o.stderr).contains("124/124 first moves"),
        "{}",
        text(&o.stderr)
    );
    let o = taflkit_in(tmp.path(), &["perft", "york", "--depth", "3", "-q"]);
    assert_eq!(text(&o.stdout).trim(), "920688");
    assert_eq!(text(&o.stderr), "");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let tmp = tempfile::tempdir().unwrap();
    for args in [
        &["rules", "york"][..],
        &["preview", "sea-battle-9", "--out-dir", "p", "--dpi", "10"][..],
        &["list"][..],
        &["puzzles", "brandubh", "--count", "2"][..],
        &[
            "match",
            "brandubh",
            "--attackers",
            "random",
            "--defenders",
            "greedy",
            "--games",
            "5",
        ][..],
        // Script mode (no terminal): the computer opens and writes its move.
        &[
            "play",
            "brandubh",
            "--computer",
            "attackers",
            "--nodes",
            "500",
        ][..],
    ] {
        let mut child = crate::common::bin()
            .args(args)
            .current_dir(tmp.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader goes away at once, like `head`
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    }
}

#[test]
fn a_folder_where_art_should_be_is_named_once() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("th/art/king.svg")).unwrap();
    std::fs::write(
        tmp.path().join("th/theme.toml"),
        "name = \"T\"\n[art]\nking = \"art/king.svg\"\n",
    )
    .unwrap();
    let o = taflkit_in(tmp.path(), &["validate", "th"]);
    assert_eq!(o.status.code(), Some(1));
    let e = text(&o.stderr);
    let line = e.lines().find(|l| l.contains("error")).unwrap();
    assert_eq!(line.matches("king.svg").count(), 1, "{line}");
}

/// A 5×5 variant: too small a board for the leaflet's rule figures.
const TINY_VARIANT: &str = r#"id = "tiny"
name = "Tiny Tafl"
size = 5
first = "attackers"
escape = "corner"
setup = """
. . A . .
. . D . .
A D K D A
. . D . .
. . A . .
"""

[centre]
pass = "everyone"
stop = "king"
hostile_to = ["attackers", "defenders"]

[corners]
pass = "king"
stop = "king"
hostile_to = ["attackers", "defenders", "king"]
"#;

/// The lines of `stderr` that report a left-out figure.
fn left_out_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.contains("leaflet figure") && l.contains("left out"))
        .collect()
}

/// The weak-king built-ins validate without a word on standard error:
/// no figure of their rules is left out.
#[test]
fn weak_king_builtins_validate_without_warnings() {
    let tmp = tempfile::tempdir().unwrap();
    for id in ["skalk", "tawlbwrdd"] {
        let o = taflkit_in(tmp.path(), &["validate", id]);
        assert!(o.status.success(), "{id}: {}", text(&o.stderr));
        assert!(
            !text(&o.stderr).contains("warning"),
            "{id}: {}",
            text(&o.stderr)
        );
    }
}

#[test]
fn figures_a_board_cannot_show_are_warned_once_under_the_file_typed() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("tiny.toml"), TINY_VARIANT).unwrap();
    for args in [
        &["build", "tiny.toml", "-o", "tiny.pdf"][..],
        &["validate", "tiny.toml"][..],
    ] {
        let o = taflkit_in(tmp.path(), args);
        assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
        let err = text(&o.stderr);
        let lines = left_out_lines(&err);
        assert!(
            !lines.is_empty(),
            "{args:?}: no figure reported left out:\n{err}"
        );
        for l in &lines {
            assert!(
                l.starts_with("tiny.toml"),
                "{args:?}: not named by the file: {l}"
            );
            assert!(
                l.contains("5×5"),
                "{args:?}: the board size is not given: {l}"
            );
            assert_eq!(
                lines.iter().filter(|m| *m == l).count(),
                1,
                "{args:?}: said more than once: {l}"
            );
        }
    }
    let o = taflkit_in(tmp.path(), &["-q", "build", "tiny.toml", "-o", "quiet.pdf"]);
    assert!(o.status.success());
    assert!(
        left_out_lines(&text(&o.stderr)).is_empty(),
        "-q still warns"
    );
}
