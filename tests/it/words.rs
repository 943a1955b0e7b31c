//! The one home of printed words (issue 21): the languages are the folders
//! under `lang/`; every language has the same message ids, the same
//! template macros and a grammar that reads; no Rust file of the kit holds
//! a printed sentence; a theme that lacks the language asked for is
//! refused, naming its file and what is missing.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use taflkit::rules;
use taflkit::theme::Theme;
use taflkit::words::{Lang, Msg};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The language folders as the file system lists them.
fn folders() -> BTreeSet<String> {
    fs::read_dir(root().join("lang"))
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| !n.starts_with('.'))
        .collect()
}

#[test]
fn the_languages_are_the_folders() {
    let codes: BTreeSet<String> = Lang::codes().into_iter().map(str::to_string).collect();
    assert_eq!(codes, folders());
    assert!(codes.contains("en"));
}

/// The message ids a Fluent file defines (`id = …` at the start of a
/// line; terms `-id` and comments are not messages).
fn ftl_ids(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter_map(|l| l.split_once(" ="))
        .map(|(id, _)| id)
        .filter(|id| {
            id.chars()
                .next()
                .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_uppercase())
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        })
        .map(str::to_string)
        .collect()
}

fn all_ftl_ids(lang: Lang) -> BTreeSet<String> {
    lang.files()
        .iter()
        .filter(|(n, _)| n.ends_with(".ftl"))
        .flat_map(|(_, t)| ftl_ids(t))
        .collect()
}

#[test]
fn every_language_has_every_message_and_no_other() {
    let english = all_ftl_ids(Lang::english());
    let typed: BTreeSet<String> = Msg::ALL.iter().map(|m| m.id().to_string()).collect();
    assert_eq!(english, typed, "lang/en/*.ftl and the Msg enum differ");
    for lang in Lang::all() {
        let words = lang.words();
        assert!(words.problems.is_empty(), "{lang}: {:?}", words.problems);
        assert_eq!(
            all_ftl_ids(lang),
            english,
            "lang/{lang}/ has other ids than lang/en/"
        );
        for m in Msg::ALL {
            assert!(words.has(m.id()), "lang/{lang}/ lacks {}", m.id());
        }
    }
}

/// The macros a template defines.
fn macros(text: &str) -> BTreeSet<String> {
    text.match_indices("{% macro ")
        .chain(text.match_indices("{%- macro "))
        .filter_map(|(at, m)| {
            let rest = &text[at + m.len()..];
            rest.split('(').next().map(|n| n.trim().to_string())
        })
        .collect()
}

#[test]
fn every_language_has_the_same_templates_and_macros() {
    let en = Lang::english();
    let names = |l: Lang| -> BTreeSet<&str> {
        l.files()
            .iter()
            .map(|(n, _)| *n)
            .filter(|n| !n.ends_with(".ftl"))
            .collect()
    };
    for lang in Lang::all() {
        assert_eq!(names(lang), names(en), "lang/{lang}/ has other files");
        for (name, text) in en.files().iter().filter(|(n, _)| n.ends_with(".j2")) {
            let theirs = lang.file(name).unwrap();
            assert_eq!(
                macros(theirs),
                macros(text),
                "lang/{lang}/{name} has other macros"
            );
        }
    }
}

#[test]
fn every_language_says_every_message_without_a_leftover_placeholder() {
    for lang in Lang::all() {
        let words = lang.words();
        for m in Msg::ALL {
            // Every argument any message of the language takes, as a
            // number (text arguments print it as they would a word).
            let args = variables(lang)
                .into_iter()
                .fold(taflkit::words::Args::new(), |a, v| a.num(v, 2));
            let text = words.say_with(*m, &args);
            assert!(!text.trim().is_empty(), "{lang} {}", m.id());
            assert!(
                !text.contains('{') && !text.contains('}'),
                "{lang} {}: {text}",
                m.id()
            );
            assert!(
                !text.contains('\u{2068}') && !text.contains('\u{2069}'),
                "{lang} {}: isolation marks print as boxes",
                m.id()
            );
        }
    }
}

/// The names of the arguments the messages of `lang` use (`$count`).
fn variables(lang: Lang) -> BTreeSet<&'static str> {
    let mut out = BTreeSet::new();
    for (_, text) in lang.files().iter().filter(|(n, _)| n.ends_with(".ftl")) {
        for (at, _) in text.match_indices('$') {
            let rest = &text[at + 1..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .unwrap_or(rest.len());
            if end > 0 {
                out.insert(&rest[..end]);
            }
        }
    }
    out
}

/// A string literal of the kit's modules that reads like a sentence a
/// kit would print: starts with a capital and has three words or more.
/// Error messages (for the command line, English) start in lower case by
/// the project's convention; page labels are for the program only.
#[test]
fn no_rust_file_of_the_kit_holds_a_printed_sentence() {
    let mut found = Vec::new();
    let dirs = ["src/kit", "src/layout", "src/render"];
    let mut files = Vec::new();
    for d in dirs {
        collect_rs(&root().join(d), &mut files);
    }
    for f in files {
        let text = fs::read_to_string(&f).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (n, line) in code.lines().enumerate() {
            let t = line.trim_start();
            // Page labels ("Sheet 2 · card") name sides for the program
            // and its tests; errors go to the command line, in English.
            if t.starts_with("//") || t.contains("label") || t.contains("fail(") {
                continue;
            }
            for lit in literals(line).into_iter().filter(|l| !l.contains(" · ")) {
                let words = lit
                    .split_whitespace()
                    .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 2)
                    .count();
                if words >= 3 && lit.starts_with(|c: char| c.is_uppercase()) {
                    found.push(format!("{}:{}: {lit}", f.display(), n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "printed sentences in Rust:\n{}",
        found.join("\n")
    );
}

fn collect_rs(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in fs::read_dir(dir).unwrap().filter_map(Result::ok) {
        let p = e.path();
        if p.is_dir() {
            collect_rs(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The string literals on a line (simple quotes only, escapes skipped).
fn literals(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut s = String::new();
        while let Some(c) = chars.next() {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => break,
                _ => s.push(c),
            }
        }
        out.push(s);
    }
    out
}

#[test]
fn a_theme_without_the_language_is_refused_naming_its_file() {
    let Some(other) = Lang::all().find(|l| !l.is_english()) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let theme = dir.path().join("t");
    fs::create_dir(&theme).unwrap();
    fs::write(
        theme.join("theme.toml"),
        "[names]\nking = { one = \"jarl\", many = \"jarls\" }\n",
    )
    .unwrap();
    let (t, _) = Theme::load_folder(&theme).unwrap();
    let e = t.in_language(other).unwrap_err().to_string();
    assert!(e.contains(&format!("[names.{other}]")), "{e}");
    assert!(e.contains("theme.toml"), "{e}");
    // English is always there.
    assert!(t.in_language(Lang::english()).is_ok());
}

#[test]
fn an_unknown_language_table_is_located_with_a_suggestion() {
    let dir = tempfile::tempdir().unwrap();
    let theme = dir.path().join("t");
    fs::create_dir(&theme).unwrap();
    fs::write(
        theme.join("theme.toml"),
        "[names]\nking = \"jarl\"\n\n[names.xx]\nking = { one = \"x\" }\n",
    )
    .unwrap();
    let e = Theme::load_folder(&theme).unwrap_err().to_string();
    assert!(e.contains("theme.toml:4:"), "{e}");
    assert!(e.contains("unknown key 'names.xx'"), "{e}");
}

#[test]
fn the_pdf_says_its_language() {
    let variant = rules::builtin("brandubh").unwrap();
    let theme = Theme::viking();
    let kit = crate::common::kit::build(&variant, &theme, &Default::default()).unwrap();
    assert_eq!(kit.lang, "en");
    let pdf = taflkit::render::pdf(&kit).unwrap();
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    let lang = doc.catalog().unwrap().get(b"Lang").unwrap();
    assert_eq!(lang.as_str().unwrap(), b"en");
}

/// `--lang` and `TAFLKIT_LANG` as a user types them: an unknown language
/// is refused by name (exit 1, nothing written), an empty variable is
/// unset, and English kits keep their names.
#[test]
fn the_language_is_chosen_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let mut cmd = crate::common::bin();
        cmd.args(args)
            .current_dir(dir.path())
            .env("HOME", dir.path())
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("TAFLKIT_LANG")
            .env_remove("TAFLKIT_PAPER");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    };
    let o = run(&["build", "brandubh", "--lang", "klingon"], &[]);
    assert_eq!(o.status.code(), Some(1));
    let err = crate::common::stderr(&o);
    assert!(
        err.contains("--lang") && err.contains("no language 'klingon'"),
        "{err}"
    );
    let o = run(&["build", "brandubh"], &[("TAFLKIT_LANG", "xx")]);
    assert_eq!(o.status.code(), Some(1));
    let err = crate::common::stderr(&o);
    assert!(
        err.contains("TAFLKIT_LANG") && err.contains("no language 'xx'"),
        "{err}"
    );
    assert_eq!(
        fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing written"
    );
    let o = run(
        &["build", "brandubh", "--lang", "EN"],
        &[("TAFLKIT_LANG", "")],
    );
    assert!(o.status.success(), "{}", crate::common::stderr(&o));
    assert_eq!(crate::common::stdout(&o).trim(), "brandubh-viking-a4.pdf");
}

/// A theme's title and credits are words: `[names.<code>]` gives them in
/// each other language, a theme that wrote them in English but not in
/// the language asked for is refused (no half-English kit), and the
/// English ones stay at the top of theme.toml.
#[test]
fn title_and_credits_speak_the_kits_language() {
    let Some(other) = Lang::all().find(|l| !l.is_english()) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let theme = dir.path().join("t");
    fs::create_dir(&theme).unwrap();
    let noun =
        "{ one = \"x\", many = \"xs\", one_def = \"x1\", many_def = \"x2\", gender = \"n\" }";
    let head = "title = \"The Raid\"\ncredits = \"Words by me\"\n[names]\nking = \"jarl\"\n";
    let table = |extra: &str| {
        format!(
            "{head}[names.{other}]\n{extra}king = {noun}\ndefender = {noun}\nattacker = {noun}\ncentre = {noun}\ncorner = {noun}\n"
        )
    };
    fs::write(theme.join("theme.toml"), table("title = \"T2\"\n")).unwrap();
    let (t, _) = Theme::load_folder(&theme).unwrap();
    let e = t.in_language(other).unwrap_err().to_string();
    assert!(e.contains(&format!("'credits' in [names.{other}]")), "{e}");
    assert!(e.contains("theme.toml"), "{e}");
    fs::write(
        theme.join("theme.toml"),
        table("title = \"T2\"\ncredits = \"C2\"\nname = \"N2\"\n"),
    )
    .unwrap();
    let (t, _) = Theme::load_folder(&theme).unwrap();
    let tl = t.in_language(other).unwrap();
    assert_eq!(
        (tl.title.as_deref(), tl.credits.as_deref(), tl.name.as_str()),
        (Some("T2"), Some("C2"), "N2")
    );
    let en = t.in_language(Lang::english()).unwrap();
    assert_eq!(en.title.as_deref(), Some("The Raid"));
    fs::write(
        theme.join("theme.toml"),
        "[names]\ntitle = \"The Raid\"\nking = \"jarl\"\n",
    )
    .unwrap();
    let e = Theme::load_folder(&theme).unwrap_err().to_string();
    assert!(
        e.contains("theme.toml:2:") && e.contains("'names.title'"),
        "{e}"
    );
}

/// The built-in themes print no English title or credits line in another
/// language.
#[test]
fn built_in_titles_and_credits_are_translated() {
    for id in Theme::builtin_ids() {
        let t = Theme::builtin(id).unwrap();
        for lang in Lang::all().filter(|l| !l.is_english()) {
            let tl = t.in_language(lang).unwrap();
            assert_ne!(tl.credits, t.credits, "{id} {lang}");
            if t.title.is_some() {
                assert_ne!(tl.title, t.title, "{id} {lang}");
            }
        }
    }
}
