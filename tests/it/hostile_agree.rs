//! Issue 26: `validate` and `build` agree on every theme and variant
//! input. The same generated variant files and theme folders, valid and
//! subtly broken (bad keys and values, missing languages, art over and
//! under its budgets, characters no font has, bad fonts, symbolic links
//! out of the folder), go to both; `validate` says ok exactly when
//! `build` makes the kit on both papers `validate` lays out (A4 and
//! Letter), and when both refuse, the build's refusal is among
//! `validate`'s, at the same file, line and column.
//!
//! Both commands run in this process from their parsed command lines
//! (`cli::engine::check` is `validate` less its printing; the build is
//! `plan_kit` and the PDF drawn in memory, everything `build` does short
//! of writing the file), on Brandubh's small board, so a case costs about
//! as much as four small kits. A few dozen cases in `cargo test`;
//! `TAFLKIT_FUZZ_CASES` for a long run.

use std::path::Path;

use clap::Parser;
use proptest::prelude::*;
use taflkit::cli::args::{Cli, Command};
use taflkit::diagnostics::{Diagnostic, Failure};

use crate::common::fuzz_config;

// ------------------------------------------------------------ variant files

/// The variant every case starts from: a small board, so kits are cheap.
fn brandubh() -> String {
    taflkit::rules::builtin_source("brandubh")
        .unwrap()
        .to_string()
}

/// One change to a variant file: the first line starting with `at` is
/// replaced by `with` (removed when `None`), or `with` is put after the
/// `size` line when `at` is empty.
type VariantEdit = (&'static str, Option<String>);

fn variant_edit() -> impl Strategy<Value = VariantEdit> {
    let edit = |at: &'static str, with: &str| (at, Some(with.to_string()));
    prop_oneof![
        // Valid changes.
        Just(edit("name =", "name = \"Little Tafl\"")),
        Just(edit("name =", "name = \"Brandubh på Ærø\"")),
        Just(edit("", "theme = \"sea\"")),
        Just(edit("", "theme = \"York\"")),
        Just(edit("repetition =", "repetition = \"none\"")),
        // Broken ones.
        Just(edit("name =", "name = \"Tafl 王\"")),
        Just(edit("name =", "name = \"Tafl 🙂\"")),
        Just(edit("name =", "name = 1979-05-27")),
        Just(edit("name =", "name = \"a\\u001bb\"")),
        Just(edit("name =", &format!("name = \"{}\"", "x".repeat(121)))),
        Just(("name =", None)),
        Just(("first =", None)),
        Just(edit("first =", "frist = \"attackers\"")),
        Just(edit("first =", "first = \"nobody\"")),
        Just(edit("size =", "size = 4")),
        Just(edit("size =", "size = 9")),
        Just(edit("id =", "id = \"Bad Id\"")),
        Just(edit("", "theme = \"nosuch\"")),
        Just(edit("", "theme = \"./th\"")),
        Just(edit("", "encirclement = \"yes\"")),
        Just(edit("A A D K D A A", "A A D . D A A")),
        Just(edit("A A D K D A A", "A A D K K A A")),
        Just(edit("[corners]", "[corner]")),
    ]
}

fn variant_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(variant_edit(), 0..3).prop_map(|edits| {
        let mut lines: Vec<String> = brandubh().lines().map(str::to_string).collect();
        for (at, with) in edits {
            if at.is_empty() {
                let size = lines
                    .iter()
                    .position(|l| l.starts_with("size ="))
                    .unwrap_or(0);
                lines.insert(size + 1, with.unwrap_or_default());
                continue;
            }
            if let Some(i) = lines.iter().position(|l| l.starts_with(at)) {
                match with {
                    Some(w) => lines[i] = w,
                    None => {
                        lines.remove(i);
                    }
                }
            }
        }
        lines.join("\n") + "\n"
    })
}

// ------------------------------------------------------------ theme folders

/// What a file of a theme folder holds.
#[derive(Clone)]
enum Body {
    Bytes(Vec<u8>),
    /// A symbolic link to this path, relative to the link.
    Link(&'static str),
}

/// Bytes as text, cut short: a failing case reads as the files it wrote.
impl std::fmt::Debug for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Body::Bytes(b) => {
                let text = String::from_utf8_lossy(&b[..b.len().min(120)]);
                write!(f, "{} bytes: {text:?}", b.len())
            }
            Body::Link(to) => write!(f, "a link to {to}"),
        }
    }
}

/// A theme folder: `theme.toml`'s lines and the other files.
#[derive(Clone, Debug, Default)]
struct ThemeFolder {
    toml: Vec<String>,
    files: Vec<(String, Body)>,
}

/// One piece of a theme: lines of `theme.toml` (tables come after the
/// top-level keys) and the files they name.
#[derive(Clone, Debug, Default)]
struct Part {
    top: Vec<String>,
    table: Option<(&'static str, Vec<String>)>,
    files: Vec<(String, Body)>,
}

fn top(line: &str) -> Part {
    Part {
        top: vec![line.to_string()],
        ..Part::default()
    }
}

fn table(name: &'static str, lines: &[&str]) -> Part {
    Part {
        table: Some((name, lines.iter().map(|l| l.to_string()).collect())),
        ..Part::default()
    }
}

/// `[art] key = "art/key.svg"` and that file.
fn art(key: &'static str, body: Body) -> Part {
    Part {
        table: Some(("art", vec![format!("{key} = \"art/{key}.svg\"")])),
        files: vec![(format!("art/{key}.svg"), body)],
        ..Part::default()
    }
}

fn svg(body: &str) -> Body {
    Body::Bytes(
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{body}</svg>"#)
            .into_bytes(),
    )
}

/// `n` `<use>`s of one rectangle: `4 + 2n` elements once followed.
fn uses(n: usize) -> Body {
    svg(&format!(
        r#"<defs><rect id="r" width="1" height="1"/></defs><g>{}</g>"#,
        r##"<use href="#r"/>"##.repeat(n)
    ))
}

/// `groups` groups each clipped by one clip path of `segments` segments:
/// the clip's outline is kept once per group once converted.
fn clipped(groups: usize, segments: usize) -> Body {
    svg(&format!(
        r#"<clipPath id="c"><path d="M0 0{}Z"/></clipPath>{}"#,
        "L1 1".repeat(segments - 2),
        r#"<g clip-path="url(#c)"><rect width="1" height="1"/></g>"#.repeat(groups)
    ))
}

fn font(name: &str) -> Body {
    Body::Bytes(
        std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("fonts")
                .join(name),
        )
        .unwrap(),
    )
}

/// `[fonts] body = "fonts/body.ttf"` and that file.
fn body_font(body: Body) -> Part {
    Part {
        table: Some(("fonts", vec!["body = \"fonts/body.ttf\"".to_string()])),
        files: vec![("fonts/body.ttf".to_string(), body)],
        ..Part::default()
    }
}

/// `story.md` (read without being named).
fn story(body: Body) -> Part {
    Part {
        files: vec![("story.md".to_string(), body)],
        ..Part::default()
    }
}

fn text(s: &str) -> Body {
    Body::Bytes(s.as_bytes().to_vec())
}

/// A story of `paras` paragraphs: a dozen fit a cover, a hundred do not.
fn long_story(paras: usize) -> Body {
    text(&"The king's men kept the hall through the long winter nights.\n\n".repeat(paras))
}

/// The pieces a theme is made of, each valid or broken in one way.
fn theme_part() -> BoxedStrategy<Part> {
    let element_budget = taflkit::theme::art_budget::MAX_ELEMENTS as usize;
    prop_oneof![
        // Top-level texts.
        Just(top("name = \"Oak Street Club\"")),
        Just(top("name = \"Café Æsir\"")),
        Just(top("name = \"Shalom שלום\"")),
        Just(top("name = 1979-05-27")),
        Just(top("name = \"bell\\u0007\"")),
        Just(top(&format!("name = \"{}\"", "n".repeat(121)))),
        Just(top("title = \"The Long Winter\"")),
        Just(top("title = \"冬\"")),
        Just(top("credits = 7")),
        Just(top("nmae = \"typo\"")),
        Just(top("story = \"../outside/SECRET.md\"")),
        // Names: English ones mean the theme must give each language's.
        Just(table("names", &["king = \"chieftain\""])),
        Just(table(
            "names",
            &["king = { one = \"chieftain\", many = \"chieftains\" }"]
        )),
        Just(table("names", &["king = { one = \"\" }"])),
        Just(table("names", &["king = \"王\""])),
        Just(table("names", &["kign = \"chieftain\""])),
        // Colours and pieces.
        Just(table("colours", &["attacker_fill = \"#1b5e20\""])),
        Just(table("colours", &["attacker_fill = \"#12\""])),
        Just(table("colours", &["attacker_fill = \"red\""])),
        Just(table("pieces", &["shape = \"disc\""])),
        Just(table("pieces", &["shape = \"hexagon\""])),
        Just(table("pieces", &["king_mm = 5"])),
        Just(table("pieces", &["king_mm = 60", "piece_mm = 60"])),
        Just(table("pieces", &["piece_mm = nan"])),
        // Art: fine, over and under its budgets, unprintable, out of reach.
        Just(art(
            "king",
            svg(r#"<circle cx="50" cy="50" r="30" fill="currentColor"/>"#)
        )),
        Just(art("king", uses(200))),
        Just(art("king", uses((element_budget - 4) / 2 + 1))),
        Just(art("attacker", svg(r#"<path d="M0 0 L10 NaN"/>"#))),
        Just(art(
            "defender",
            Body::Bytes(
                br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 -1 100"/>"#.to_vec()
            )
        )),
        Just(art("defender", svg(r#"<text x="1" y="9">hi</text>"#))),
        Just(art("cover", clipped(20, 200))),
        Just(art("cover", clipped(1_000, 9_000))),
        Just(art("centre", Body::Link("../../outside/art.svg"))),
        Just(art("centre", Body::Link("../king.svg"))),
        Just(table("art", &["cover = \"art/none.svg\""])),
        Just(table("art", &["cover = \"\""])),
        // Fonts.
        Just(body_font(font("Vollkorn-Regular.ttf"))),
        Just(body_font(font("Go-Bold.ttf"))),
        Just(body_font(Body::Bytes(crate::hostile_checks::broken_font()))),
        Just(body_font(text("not a font"))),
        Just(body_font(Body::Link("../../outside/font.ttf"))),
        // Story and introduction.
        Just(story(text("A short tale of the hall.\n"))),
        Just(story(long_story(12))),
        Just(story(long_story(100))),
        Just(story(text("The 王 returns.\n"))),
        Just(story(text("A tale.\n\nWith a \u{1b} in it.\n"))),
        Just(story(text("Win if you can {{ kingg_goal }}.\n"))),
        Just(story(Body::Link("../outside/SECRET.md"))),
        Just(Part {
            files: vec![("intro.md".to_string(), text("Shalom שלום.\n"))],
            ..Part::default()
        }),
    ]
    .boxed()
}

fn theme_folder() -> impl Strategy<Value = ThemeFolder> {
    proptest::collection::vec(theme_part(), 0..4).prop_map(|parts| {
        let mut t = ThemeFolder::default();
        let mut tables: Vec<(&str, Vec<String>)> = Vec::new();
        for p in parts {
            t.toml.extend(p.top);
            t.files.extend(p.files);
            if let Some((name, lines)) = p.table {
                match tables.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, have)) => have.extend(lines),
                    None => tables.push((name, lines)),
                }
            }
        }
        for (name, lines) in tables {
            t.toml.push(format!("[{name}]"));
            t.toml.extend(lines);
        }
        t
    })
}

// ------------------------------------------------------------------ a case

/// What goes to both commands.
#[derive(Clone, Debug)]
enum Inputs {
    /// `validate v.toml` and `build v.toml` (in its own theme).
    Variant(String),
    /// `validate v.toml th` and `build v.toml --theme th`.
    Both(String, ThemeFolder),
    /// `validate th` and `build --theme th` (the default variant, York).
    Theme(ThemeFolder),
}

fn inputs() -> impl Strategy<Value = Inputs> {
    prop_oneof![
        3 => variant_text().prop_map(Inputs::Variant),
        4 => (variant_text(), theme_folder()).prop_map(|(v, t)| Inputs::Both(v, t)),
        1 => theme_folder().prop_map(Inputs::Theme),
    ]
}

/// Writes the inputs into `dir` (with an `outside/` folder that links try
/// to reach); the variant file's and theme folder's paths.
fn write(dir: &Path, inputs: &Inputs) -> (Option<String>, Option<String>) {
    let outside = dir.join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("SECRET.md"), "The secret.\n").unwrap();
    std::fs::write(
        outside.join("art.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>"#,
    )
    .unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/Go-Bold.ttf"),
        outside.join("font.ttf"),
    )
    .unwrap();
    let (variant, theme) = match inputs {
        Inputs::Variant(v) => (Some(v), None),
        Inputs::Both(v, t) => (Some(v), Some(t)),
        Inputs::Theme(t) => (None, Some(t)),
    };
    let variant = variant.map(|text| {
        let p = dir.join("v.toml");
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    });
    let theme = theme.map(|t| {
        let th = dir.join("th");
        std::fs::create_dir_all(&th).unwrap();
        std::fs::write(th.join("theme.toml"), t.toml.join("\n") + "\n").unwrap();
        for (name, body) in &t.files {
            let p = th.join(name);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            // A later part naming the same file wins.
            let _ = std::fs::remove_file(&p);
            match body {
                Body::Bytes(b) => std::fs::write(&p, b).unwrap(),
                Body::Link(to) => std::os::unix::fs::symlink(to, &p).unwrap(),
            }
        }
        th.display().to_string()
    });
    (variant, theme)
}

fn parse(args: &[&str]) -> Command {
    let mut all = vec!["taflkit"];
    all.extend_from_slice(args);
    Cli::try_parse_from(all).unwrap().command.unwrap()
}

/// `taflkit validate PATHS --lang LANG`: its errors (none when ok).
fn validate(paths: &[&str], lang: &str) -> Vec<Diagnostic> {
    let mut args = vec!["validate", "--lang", lang];
    args.extend_from_slice(paths);
    let Command::Validate(a) = parse(&args) else {
        unreachable!()
    };
    let checked = taflkit::cli::engine::check(&a).unwrap();
    checked
        .problems
        .into_iter()
        .filter(Diagnostic::is_error)
        .collect()
}

/// The command line of `build` (less `-o`) on `paper`.
fn build_args<'a>(
    variant: Option<&'a str>,
    theme: Option<&'a str>,
    lang: &'a str,
    paper: &'a str,
) -> Vec<&'a str> {
    let mut args = vec!["build", "--paper", paper, "--lang", lang];
    args.extend(variant);
    if let Some(t) = theme {
        args.extend(["--theme", t]);
    }
    args
}

/// `taflkit build [VARIANT] [--theme TH] --paper PAPER --lang LANG`, short
/// of writing the file, on A4 then Letter: the first refusal.
fn build(variant: Option<&str>, theme: Option<&str>, lang: &str) -> Result<(), Failure> {
    crate::common::kit::use_the_tests_cache();
    for paper in ["a4", "letter"] {
        let args = build_args(variant, theme, lang, paper);
        let Command::Build(a) = parse(&args) else {
            unreachable!()
        };
        let (_, kit) = taflkit::cli::build::plan_kit(&a.kit)?;
        taflkit::render::pdf(&kit.document)?;
    }
    Ok(())
}

/// With `TAFLKIT_FUZZ_STATS` set, prints every 50 cases how many made a
/// kit: a generator that never makes one tests only refusals.
fn stats(built: bool) {
    use std::sync::atomic::{AtomicU64, Ordering};
    static CASES: AtomicU64 = AtomicU64::new(0);
    static BUILT: AtomicU64 = AtomicU64::new(0);
    if std::env::var_os("TAFLKIT_FUZZ_STATS").is_none() {
        return;
    }
    let n = CASES.fetch_add(1, Ordering::Relaxed) + 1;
    let b = BUILT.fetch_add(u64::from(built), Ordering::Relaxed) + u64::from(built);
    if n.is_multiple_of(50) {
        eprintln!("validate/build: {b} of {n} cases made a kit");
    }
}

fn at(d: &Diagnostic) -> (&str, Option<usize>, Option<usize>) {
    (d.source.as_str(), d.line, d.column)
}

proptest! {
    #![proptest_config(fuzz_config(20))]

    #[test]
    fn validate_says_ok_exactly_when_build_makes_the_kit(
        inputs in inputs(),
        lang in prop_oneof![3 => Just("en"), 1 => Just("de")],
    ) {
        let dir = tempfile::tempdir().unwrap();
        let (variant, theme) = write(dir.path(), &inputs);
        let paths: Vec<&str> = variant.iter().chain(theme.iter()).map(String::as_str).collect();
        let said = validate(&paths, lang);
        let built = build(variant.as_deref(), theme.as_deref(), lang);
        stats(built.is_ok());
        match built {
            Ok(()) => prop_assert!(said.is_empty(), "build made the kit, validate refused: {said:#?}"),
            Err(f) => {
                prop_assert!(!said.is_empty(), "validate said ok, build refused: {f}");
                // The options the build was given; `validate` is given
                // files, so where the build names one of these, it names
                // the file the option gave.
                let mut typed = vec!["VARIANT", "--paper", "--lang"];
                typed.extend(theme.as_ref().map(|_| "--theme"));
                for d in f.diagnostics.iter().filter(|d| d.is_error()) {
                    let same = |s: &Diagnostic| match typed.contains(&d.source.as_str()) {
                        true => d.line.is_none() && s.line.is_none() && s.message.starts_with(&d.message),
                        false => at(s) == at(d),
                    };
                    prop_assert!(
                        said.iter().any(same),
                        "build refused at {:?}, validate did not: {d}\nvalidate: {said:#?}", at(d)
                    );
                }
            }
        }
    }
}
