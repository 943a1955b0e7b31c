//! Helpers shared by the test binaries that run `taflkit` as a script
//! would: the command, its output as text, and files to give it.

// Each test binary uses a different subset of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The cache folder (`XDG_CACHE_HOME`) of every `taflkit` the tests run:
/// one under the target folder, never the person's own.
pub fn cache_home() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("xdg-cache")
}

/// The built `taflkit`, with the tests' cache folder.
pub fn bin() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_taflkit"));
    cmd.env("XDG_CACHE_HOME", cache_home());
    cmd
}

/// Runs the built `taflkit` in the project folder with `args`, without
/// the person's own default paper (environment or settings file).
pub fn taflkit(args: &[&str]) -> Output {
    bin()
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("TAFLKIT_PAPER")
        .env("XDG_CONFIG_HOME", "/nonexistent/taflkit-tests")
        .output()
        .expect("taflkit runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes `content` to a file in `dir` and returns its path as a string.
pub fn file(dir: &Path, name: &str, content: impl AsRef<[u8]>) -> String {
    let p = dir.join(name);
    std::fs::write(&p, content).unwrap();
    p.to_string_lossy().into_owned()
}

/// Every built-in variant as built, and each one with optional rules once
/// more with all of them switched on (unless they all are as built, as
/// Berserk's one option is: the same kit twice proves nothing more).
pub fn variants_and_options() -> Vec<taflkit::rules::Variant> {
    let mut out = Vec::new();
    for id in taflkit::rules::builtin_ids() {
        let v = taflkit::rules::builtin(id).unwrap();
        if v.options.iter().any(|o| !o.enabled) {
            let mut all = v.clone();
            for o in all.options.iter_mut() {
                o.enabled = true;
            }
            out.push(all);
        }
        out.push(v);
    }
    out
}

/// Whether standard error holds nothing but what laying a kit out may
/// note (`validate` lays kits out as `build` would): which leaflet figure
/// a board cannot show.
pub fn only_layout_notes(err: &str) -> bool {
    // `validate` names the file first: `variants/x.toml: warning: …`.
    err.lines().all(|l| {
        l.starts_with("warning: leaflet figure") || l.contains(": warning: leaflet figure")
    })
}

/// Whether the kit of the item whose indices (variant, language, …) sum
/// to `turn` is laid out on look `look` of `looks`: on one look in turn
/// (`turn` modulo `looks`), as the language matrix does, so a test sweeps
/// every look without laying out every product; on all of them under
/// `TAFLKIT_MATRIX=full`.
pub fn in_turn(look: usize, looks: usize, turn: usize) -> bool {
    crate::lang_matrix::matrix() == crate::lang_matrix::Matrix::Full || look == turn % looks
}

/// Property-test settings for the fuzzing of untrusted input: `default`
/// cases, or `TAFLKIT_FUZZ_CASES` from the environment for a long run
/// (`TAFLKIT_FUZZ_CASES=20000 cargo test --release --test fuzz_parsers`).
pub fn fuzz_config(default: u32) -> proptest::test_runner::Config {
    let cases = fuzz_cases(default);
    proptest::test_runner::Config {
        cases,
        // Findings are turned into named regression tests by hand; a long
        // run should not stop at its first shrinking dead end.
        max_shrink_iters: 2048,
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}

/// How many random cases a property test runs: `default`, sized for
/// CI, or `TAFLKIT_FUZZ_CASES` from the environment for a long run.
pub fn fuzz_cases(default: u32) -> u32 {
    std::env::var("TAFLKIT_FUZZ_CASES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// A text item as printed: the item, the transform of the groups around
/// it (composed, outermost applied last) and how many groups deep it
/// sits. The one walker over laid-out items the tests share.
#[derive(Clone, Copy, Debug)]
pub struct Placed<'a> {
    pub text: &'a taflkit::layout::Text,
    pub transform: taflkit::layout::Transform,
    pub depth: usize,
}

impl Placed<'_> {
    /// Where its baseline starts on the page.
    pub fn origin(&self) -> taflkit::units::Point {
        self.transform.apply(self.text.origin)
    }

    /// Where the point `dx` along its baseline lands on the page (its end,
    /// given its width).
    pub fn along(&self, dx: taflkit::units::Mm) -> taflkit::units::Point {
        self.transform
            .apply(self.text.origin.offset(dx, taflkit::units::Mm(0.0)))
    }

    /// How much the groups around it scale lengths (the square root of
    /// the transform's area factor).
    pub fn scale(&self) -> f64 {
        let t = &self.transform;
        (t.a * t.d - t.b * t.c).abs().sqrt()
    }

    /// Its type size as printed, every scale applied.
    pub fn printed_size(&self) -> f64 {
        self.text.style.size.0 * self.scale()
    }

    /// Turned half a turn (a leaflet page printed upside down).
    pub fn upside_down(&self) -> bool {
        self.transform.a < -0.5 && self.transform.d < -0.5
    }

    /// The text alone in a group that places it as printed (for
    /// `taflkit::kit::bounds::item_bounds`).
    pub fn as_item(&self) -> taflkit::layout::Item {
        taflkit::layout::Item::Group(taflkit::layout::Group::new(
            self.transform,
            vec![taflkit::layout::Item::Text(self.text.clone())],
        ))
    }
}

/// Every text item under `items`, groups opened, in drawing order, with
/// where it is placed. Paths and theme art hold no text.
pub fn placed(items: &[taflkit::layout::Item]) -> Vec<Placed<'_>> {
    fn walk<'a>(
        items: &'a [taflkit::layout::Item],
        transform: taflkit::layout::Transform,
        depth: usize,
        out: &mut Vec<Placed<'a>>,
    ) {
        for it in items {
            match it {
                taflkit::layout::Item::Text(text) => out.push(Placed {
                    text,
                    transform,
                    depth,
                }),
                taflkit::layout::Item::Group(g) => {
                    walk(&g.items, transform.then(g.transform), depth + 1, out)
                }
                taflkit::layout::Item::Path(_) | taflkit::layout::Item::Art(_) => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(items, taflkit::layout::Transform::IDENTITY, 0, &mut out);
    out
}

/// Every text item of a laid-out page, groups opened.
pub fn texts(items: &[taflkit::layout::Item], out: &mut Vec<taflkit::layout::Text>) {
    out.extend(placed(items).into_iter().map(|p| p.text.clone()));
}

/// The strings of every text item under `items`, in drawing order.
pub fn strings(items: &[taflkit::layout::Item]) -> Vec<String> {
    placed(items)
        .into_iter()
        .map(|p| p.text.text.clone())
        .collect()
}

/// A document of one page of `size` holding `items`, in the bundled
/// fonts: what the backend tests draw.
pub fn one_page(
    size: taflkit::units::Size,
    items: Vec<taflkit::layout::Item>,
) -> taflkit::layout::Document {
    taflkit::layout::Document {
        title: "test".into(),
        subject: "test".into(),
        lang: String::new(),
        fonts: taflkit::layout::text::FontSet::builtin(),
        pages: vec![taflkit::layout::Page {
            size,
            label: "page".into(),
            items,
        }],
        duplex: None,
    }
}

/// The theme a kit of `v` is built in when none is asked for.
pub fn theme_of(v: &taflkit::rules::Variant) -> taflkit::theme::Theme {
    v.default_theme
        .as_deref()
        .and_then(taflkit::theme::Theme::builtin)
        .unwrap_or_else(taflkit::theme::Theme::viking)
}

/// Every built-in variant with its default theme, and Tafel with all its
/// options switched on.
pub fn builtin_kits() -> Vec<(String, taflkit::rules::Variant, taflkit::theme::Theme)> {
    let mut out: Vec<(String, taflkit::rules::Variant, taflkit::theme::Theme)> =
        taflkit::rules::builtin_ids()
            .iter()
            .map(|id| {
                let v = taflkit::rules::builtin(id).unwrap();
                let t = theme_of(&v);
                (id.to_string(), v, t)
            })
            .collect();
    let mut tafel = taflkit::rules::builtin("tafel").unwrap();
    for o in &mut tafel.options {
        o.enabled = true;
    }
    let t = theme_of(&tafel);
    out.push(("tafel, every option".into(), tafel, t));
    out
}

/// The library's `kit` module as the tests use it: the same items, but
/// every kit planned or built in the test process reads and writes its
/// puzzles in the tests' cache folder ([`cache_home`]), as the `taflkit`
/// the tests run does. So a variant's puzzles are searched once per
/// fresh run, not once in the process and once more by the program; a
/// cached puzzle is proven again before it is used, so a kit proves as
/// much either way. The cold search is still tested: `kit_cache` runs
/// the program on empty cache folders of its own, and `engine_kit`
/// calls the finder itself.
pub mod kit {
    pub use taflkit::kit::*;

    use taflkit::layout::Document;
    use taflkit::rules::Variant;
    use taflkit::theme::Theme;

    /// Points this process's kits at the tests' cache folder (once; the
    /// library keeps the first folder it is given). For tests that make
    /// kits another way (`taflkit::cli::build::plan_kit`).
    pub fn use_the_tests_cache() {
        taflkit::kit::puzzle_cache::enable(super::cache_home().join("taflkit"));
    }

    /// [`taflkit::kit::build`], with the tests' puzzle cache.
    pub fn build(
        variant: &Variant,
        theme: &Theme,
        options: &KitOptions,
    ) -> Result<Document, KitError> {
        use_the_tests_cache();
        taflkit::kit::build(variant, theme, options)
    }

    /// [`taflkit::kit::build_kit`], with the tests' puzzle cache.
    pub fn build_kit(
        variant: &Variant,
        theme: &Theme,
        options: &KitOptions,
    ) -> Result<Kit, KitError> {
        use_the_tests_cache();
        taflkit::kit::build_kit(variant, theme, options)
    }

    /// [`taflkit::kit::with_plan`], with the tests' puzzle cache.
    pub fn with_plan<R>(
        variant: &Variant,
        theme: &Theme,
        options: &KitOptions,
        look: impl FnOnce(&Context, &component::Planned) -> R,
    ) -> Result<R, KitError> {
        use_the_tests_cache();
        taflkit::kit::with_plan(variant, theme, options, look)
    }
}
