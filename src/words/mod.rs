//! The one home of printed words: every word a kit prints comes from a
//! language folder `lang/<code>/` (embedded by `build.rs`), never from a
//! Rust string. Components say *what* to print as typed facts (a [`Msg`]
//! and its arguments, a noun from the theme, a rule id); this module says
//! it in the kit's language:
//!
//! - short messages from the folder's Project Fluent files (`*.ftl`),
//!   through `fluent-bundle` with Unicode isolation marks off (they print
//!   as boxes in a PDF);
//! - the long, conditional rule paragraphs from the folder's minijinja
//!   templates ([`Words::template`]), which use the grammar filters of
//!   [`grammar`];
//! - the grammar itself from the folder's `grammar.toml`, read by one
//!   generic layer ([`grammar::Grammar`]).
//!
//! The languages are the folders present: [`Lang::all`].

pub mod grammar;
pub mod hyphen;
pub mod messages;

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

pub use grammar::Grammar;
pub use messages::Msg;

/// The files of one language folder, as embedded.
pub struct LangFiles {
    /// The folder's name: the language's code (`en`, `nb`, `de`).
    pub code: &'static str,
    /// Every file in the folder, by name, sorted.
    pub files: &'static [(&'static str, &'static str)],
}

include!(concat!(env!("OUT_DIR"), "/languages.rs"));

/// A language a kit can be printed in: one of the folders under `lang/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lang(usize);

impl Lang {
    /// Every language, by code.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..LANGUAGES.len()).map(Lang)
    }

    /// English, the default and the language of the command line.
    pub fn english() -> Lang {
        Lang::from_code("en").expect("lang/en/ is the reference language (tested)")
    }

    /// The language whose folder is `code` (`"nb"`), in any case.
    pub fn from_code(code: &str) -> Option<Lang> {
        LANGUAGES
            .iter()
            .position(|l| l.code.eq_ignore_ascii_case(code))
            .map(Lang)
    }

    /// The codes of every language, for messages ("en, nb, de").
    pub fn codes() -> Vec<&'static str> {
        LANGUAGES.iter().map(|l| l.code).collect()
    }

    pub fn code(self) -> &'static str {
        LANGUAGES[self.0].code
    }

    /// Its place in [`Lang::all`].
    pub fn index(self) -> usize {
        self.0
    }

    pub fn is_english(self) -> bool {
        self.code() == "en"
    }

    /// The folder's files, by name.
    pub fn files(self) -> &'static [(&'static str, &'static str)] {
        LANGUAGES[self.0].files
    }

    /// One file of the folder.
    pub fn file(self, name: &str) -> Option<&'static str> {
        self.files()
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
    }

    /// This language's words.
    pub fn words(self) -> &'static Words {
        static ALL: OnceLock<Vec<OnceLock<Words>>> = OnceLock::new();
        let all = ALL.get_or_init(|| LANGUAGES.iter().map(|_| OnceLock::new()).collect());
        all[self.0].get_or_init(|| Words::load(self))
    }
}

impl Default for Lang {
    fn default() -> Lang {
        Lang::english()
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// One language's words: its messages, grammar and templates.
pub struct Words {
    pub lang: Lang,
    bundle: FluentBundle<FluentResource>,
    pub grammar: Grammar,
    /// What was wrong with the folder's files (a Fluent syntax error, a
    /// grammar file that does not read); tests require it empty for every
    /// language, and a kit never prints from a folder that has problems.
    pub problems: Vec<String>,
}

impl Words {
    fn load(lang: Lang) -> Words {
        let mut problems = Vec::new();
        let langid = lang
            .code()
            .parse()
            .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
        let mut bundle = FluentBundle::new_concurrent(vec![langid]);
        // Isolation marks (U+2068, U+2069) have no glyph in the kit's
        // fonts and print as boxes.
        bundle.set_use_isolating(false);
        for (name, text) in lang.files().iter().filter(|(n, _)| n.ends_with(".ftl")) {
            let resource = match FluentResource::try_new(text.to_string()) {
                Ok(r) => r,
                Err((r, errors)) => {
                    problems.extend(errors.iter().map(|e| format!("lang/{lang}/{name}: {e}")));
                    r
                }
            };
            if let Err(errors) = bundle.add_resource(resource) {
                problems.extend(errors.iter().map(|e| format!("lang/{lang}/{name}: {e}")));
            }
        }
        let grammar = Grammar::load(lang).unwrap_or_else(|e| {
            problems.push(e);
            Grammar::default()
        });
        // WORDS($n): a number in words, as the grammar says it.
        let numbers = grammar.numbers.words.clone();
        let added = bundle.add_function("WORDS", move |args, _| number_in_words(&numbers, args));
        if let Err(e) = added {
            problems.push(format!("lang/{lang}: {e}"));
        }
        Words {
            lang,
            bundle,
            grammar,
            problems,
        }
    }

    /// Whether the language's messages have `id`.
    pub fn has(&self, id: &str) -> bool {
        self.bundle
            .get_message(id)
            .and_then(|m| m.value())
            .is_some()
    }

    /// A message with no arguments.
    pub fn say(&self, msg: Msg) -> String {
        self.say_with(msg, &Args::new())
    }

    /// A message with its arguments. Every message exists in every
    /// language (tested); were one missing, its id would be printed
    /// rather than nothing, and the tests that scan pages for ids catch it.
    pub fn say_with(&self, msg: Msg, args: &Args) -> String {
        let Some(pattern) = self.bundle.get_message(msg.id()).and_then(|m| m.value()) else {
            return msg.id().to_string();
        };
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&args.0), &mut errors);
        text.into_owned()
    }

    /// One of the folder's templates (`rules.j2`), or its text file
    /// (`history.md`).
    pub fn template(&self, name: &str) -> Option<&'static str> {
        self.lang.file(name)
    }

    /// The names of the folder's templates.
    pub fn template_names(&self) -> impl Iterator<Item = &'static str> {
        self.lang
            .files()
            .iter()
            .map(|(n, _)| *n)
            .filter(|n| n.ends_with(".j2"))
    }

    /// A number with the language's decimal sign, to `places` decimals.
    pub fn decimal(&self, x: f64, places: usize) -> String {
        self.grammar.decimal(x, places)
    }

    /// `text` in the language's quotation marks.
    pub fn quote(&self, text: &str) -> String {
        self.grammar.quote(text)
    }

    /// "the king", "der König", "King Eric".
    pub fn the(&self, noun: &crate::theme::Noun) -> String {
        self.grammar.definite(noun, None)
    }

    /// A side's name as printed mid-sentence ("the Northumbrians").
    pub fn the_many(&self, noun: &crate::theme::Noun) -> String {
        self.grammar.definite_many(noun, None)
    }

    /// A list in the language's words: "a, b and c".
    pub fn list(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => self.say_with(
                Msg::ListAnd,
                &Args::new()
                    .text("init", init.join(", "))
                    .text("last", last.clone()),
            ),
        }
    }
}

/// `text` with typographic quotation marks and apostrophes for ASCII
/// ones, as the Markdown of the leaflet gets them (smart punctuation):
/// for titles and other plain text ("Eric’s kinsmen", “…”).
pub fn typographic(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prev: Option<char> = None;
    for c in text.chars() {
        let opening = prev.is_none_or(|p| p.is_whitespace() || "([{‘“«„".contains(p));
        out.push(match c {
            '\'' if opening => '‘',
            '\'' => '’',
            '"' if opening => '“',
            '"' => '”',
            _ => c,
        });
        prev = Some(c);
    }
    out
}

/// WORDS($n) of the messages: `$n` in words from the language's list, in
/// digits beyond it.
fn number_in_words<'a>(words: &[String], args: &[FluentValue<'a>]) -> FluentValue<'a> {
    match args.first() {
        Some(FluentValue::Number(n)) => {
            let k = n.value;
            let word = (k >= 0.0 && k.fract() == 0.0)
                .then(|| words.get(k as usize))
                .flatten();
            match word {
                Some(w) => FluentValue::from(w.clone()),
                None => FluentValue::from(format!("{k}")),
            }
        }
        _ => FluentValue::Error,
    }
}

/// The arguments of a message: numbers (which choose plural forms) and
/// text already said in the language.
#[derive(Default)]
pub struct Args(FluentArgs<'static>);

impl Args {
    pub fn new() -> Args {
        Args(FluentArgs::new())
    }

    /// A whole number (Fluent chooses plural forms by the language's CLDR
    /// rules).
    pub fn num(mut self, name: &'static str, n: impl Into<i64>) -> Args {
        self.0.set(name, FluentValue::from(n.into()));
        self
    }

    /// Text, printed as given.
    pub fn text(mut self, name: &'static str, s: impl Into<String>) -> Args {
        self.0.set(name, FluentValue::from(s.into()));
        self
    }
}
