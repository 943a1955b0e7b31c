//! Themes: how a kit looks and speaks (names, colours, fonts, art, story),
//! never its rules.
//!
//! A theme is a folder (`theme.toml`, SVG art, optional fonts, Markdown
//! story and introduction); `docs/themes.md` documents the format. The
//! built-in themes are such folders under `themes/`, embedded in the
//! binary. A folder from a stranger is untrusted: [`files`] keeps every
//! read inside it and capped, [`svg`] refuses art that reaches outside
//! itself or would explode while parsing.

use std::path::Path;
use std::sync::OnceLock;

pub mod art_budget;
pub mod art_refusal;
pub mod builtin;
pub mod files;
pub mod format;
pub mod mono;
pub mod placeholders;
pub mod svg;
pub mod vision;

use std::collections::BTreeMap;

use crate::error::{Diagnostic, Failure};
use crate::layout::Rgb;
use crate::layout::text::{FontSet, SOFT_HYPHEN};
use crate::units::Mm;
use crate::words::{Lang, Words};

/// A noun with its forms, so generated sentences read naturally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Noun {
    /// Singular, bare: "cargo ship", "King Eric", "elf", "König".
    pub one: String,
    /// Plural, bare: "cargo ships", "elves", "Könige".
    pub many: String,
    /// Singular definite as printed mid-sentence, article included ("der
    /// König", "kongen", "l'elfe"); `None`: the language's definite
    /// prefix before `one` ("the king").
    pub one_def: Option<String>,
    /// Plural definite, article included ("die Könige", "the
    /// Northumbrians").
    pub many_def: Option<String>,
    /// The language's gender ("m", "f", "n", "c"); none in English.
    pub gender: Option<String>,
    /// A proper name takes no article ("King Eric moves", not "The King
    /// Eric moves"): every form is `one`.
    pub proper: bool,
    /// Case forms of the definite (German), by key: ("one_def_acc", "den
    /// König").
    pub cases: Vec<(String, String)>,
}

impl Noun {
    pub fn common(one: &str, many: &str) -> Noun {
        Noun {
            one: one.into(),
            many: many.into(),
            one_def: None,
            many_def: None,
            gender: None,
            proper: false,
            cases: Vec::new(),
        }
    }
    pub fn proper(name: &str) -> Noun {
        Noun {
            proper: true,
            ..Noun::common(name, name)
        }
    }
    /// Text that is printed as it is in every form: an English side name
    /// written as a string ("the Northumbrians").
    pub fn fixed(text: &str) -> Noun {
        Noun {
            one_def: Some(text.into()),
            many_def: Some(text.into()),
            ..Noun::common(text, text)
        }
    }
    /// The noun without the soft hyphens (U+00AD) its forms were written
    /// with, and each word that carried them, marked, added to `marked`:
    /// a theme marks where a name the hyphenation patterns break wrongly
    /// ("Nort-humbrier") may be broken ([`crate::words::hyphen`]).
    pub fn unmarked(mut self, marked: &mut Vec<String>) -> Noun {
        let forms = [&mut self.one, &mut self.many]
            .into_iter()
            .chain(self.one_def.as_mut())
            .chain(self.many_def.as_mut())
            .chain(self.cases.iter_mut().map(|(_, f)| f));
        for form in forms {
            if form.contains(SOFT_HYPHEN) {
                marked.extend(
                    form.split(|c: char| !c.is_alphabetic() && c != SOFT_HYPHEN)
                        .filter(|w| w.contains(SOFT_HYPHEN))
                        .map(str::to_string),
                );
                form.retain(|c| c != SOFT_HYPHEN);
            }
        }
        marked.sort();
        marked.dedup();
        self
    }

    /// Every form the noun gives, as printed.
    pub fn forms(&self) -> impl Iterator<Item = &String> {
        [&self.one, &self.many]
            .into_iter()
            .chain(&self.one_def)
            .chain(&self.many_def)
            .chain(self.cases.iter().map(|(_, f)| f))
    }

    /// A case form by key ("one_def_dat"), if the noun gives it.
    pub fn case_form(&self, key: &str) -> Option<String> {
        self.cases
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, f)| f.clone())
    }
}

/// What the theme calls things.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names {
    pub king: Noun,
    /// One piece of the king's side other than the king.
    pub defender: Noun,
    /// One piece of the attacking side.
    pub attacker: Noun,
    /// The king's side as a whole ("the defenders", "Eric's kinsmen"): a
    /// plural noun, printed by its definite plural.
    pub defenders: Noun,
    /// The attacking side as a whole ("the attackers", "the Northumbrians").
    pub attackers: Noun,
    /// The centre square ("castle", "Eric's hall").
    pub centre: Noun,
    /// A corner square ("corner", "harbour").
    pub corner: Noun,
    /// The words of these names that the theme wrote with soft hyphens,
    /// marked so ([`Noun::unmarked`]): they are broken at a line's end
    /// only there. The names themselves are printed without the marks.
    pub marked: Vec<String>,
}

impl Names {
    /// Every noun, the pieces first, then the sides and the squares.
    pub fn nouns(&self) -> [&Noun; 7] {
        [
            &self.king,
            &self.defender,
            &self.attacker,
            &self.defenders,
            &self.attackers,
            &self.centre,
            &self.corner,
        ]
    }
}

/// Colours of the board and pieces (sRGB).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colours {
    /// Board squares (two for a chequer; equal for a plain board).
    pub square_light: Rgb,
    pub square_dark: Rgb,
    pub grid: Rgb,
    /// Centre and corner squares.
    pub special: Rgb,
    /// Tint of the attackers' and defenders' start squares.
    pub attacker_start: Rgb,
    pub defender_start: Rgb,
    pub text: Rgb,
    /// Headings, rules and borders.
    pub accent: Rgb,
    /// Fill and ink (outline and symbol) of each kind of piece.
    pub attacker_fill: Rgb,
    pub attacker_ink: Rgb,
    pub defender_fill: Rgb,
    pub defender_ink: Rgb,
    pub king_fill: Rgb,
    pub king_ink: Rgb,
}

/// The outline pieces are cut to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PieceShape {
    Disc,
    Shield,
    Square,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PieceStyle {
    pub shape: PieceShape,
    /// Diameter (or width) of the king and of the other pieces.
    pub king_size: Mm,
    pub piece_size: Mm,
}

/// Art is a layout-level type (a drawing the page model can place); the
/// theme reads and checks it.
pub use crate::layout::art::Art;

/// Art for each piece kind, the cover and the board.
///
/// Piece art is an emblem meant to be drawn centred on the piece, over the
/// piece's fill; it has a square view box and keeps inside a circle of
/// about 80% of it. `currentColor` in the source was replaced when it was
/// read: by the piece's ink for the pieces, the attackers' fill for
/// `attacker_start`, the accent colour for `cover` and `centre`.
#[derive(Clone, Debug, Default)]
pub struct ThemeArt {
    pub king: Option<Art>,
    pub defender: Option<Art>,
    pub attacker: Option<Art>,
    pub cover: Option<Art>,
    /// Drawn on the attackers' start squares (e.g. sandy soil).
    pub attacker_start: Option<Art>,
    /// Drawn on the centre square (e.g. a hall).
    pub centre: Option<Art>,
}

/// A complete theme, every key resolved (defaults from `viking`).
#[derive(Clone, Debug)]
pub struct Theme {
    pub id: String,
    /// "York", "Christmas", shown on the cover.
    pub name: String,
    /// The kit's own title ("Santa's Sleigh Run"), instead of the
    /// variant's name; never inherited from the base theme.
    pub title: Option<String>,
    pub names: Names,
    pub colours: Colours,
    pub fonts: FontSet,
    pub art: ThemeArt,
    pub pieces: PieceStyle,
    /// Markdown for the cover.
    pub story: String,
    /// Markdown introduction for the leaflet.
    pub intro: String,
    pub web: Option<String>,
    pub credits: Option<String>,
    /// Whether this theme has been turned into its black-and-white form.
    pub mono: bool,
    /// The language the theme speaks now (see [`Theme::in_language`]):
    /// the language of every word its kit prints.
    pub lang: Lang,
    /// What the theme says in each other language, by code.
    pub translations: BTreeMap<String, Translation>,
    /// Whether the theme gave English names or an English story or
    /// introduction of its own: then it must give every language it is
    /// printed in its own (no half-English kit).
    pub own_words: OwnWords,
    /// Its `theme.toml` as messages name it.
    pub file: String,
}

impl Theme {
    /// The default theme.
    pub fn viking() -> Theme {
        Theme::builtin("viking").expect("the built-in viking theme is valid (tested)")
    }

    /// The ids of the built-in themes, the default first.
    pub fn builtin_ids() -> &'static [&'static str] {
        builtin::IDS
    }

    /// A built-in theme by id.
    pub fn builtin(id: &str) -> Option<Theme> {
        static THEMES: OnceLock<Vec<Result<Theme, Failure>>> = OnceLock::new();
        let themes = THEMES.get_or_init(|| {
            let viking = Theme::read_builtin("viking", &Theme::fallback());
            builtin::IDS
                .iter()
                .map(|id| match (*id, &viking) {
                    ("viking", v) => v.clone(),
                    (id, Ok(base)) => Theme::read_builtin(id, base),
                    (_, Err(e)) => Err(e.clone()),
                })
                .collect()
        });
        let i = builtin::IDS.iter().position(|b| *b == id)?;
        themes[i].as_ref().ok().cloned()
    }

    /// Reads a built-in theme, reporting problems (for tests: every
    /// built-in must read without errors).
    pub fn read_builtin(id: &str, base: &Theme) -> Result<Theme, Failure> {
        let id: &'static str = builtin::IDS.iter().find(|b| **b == id).ok_or_else(|| {
            Failure::option("--theme", format!("no built-in theme called '{id}'"))
        })?;
        format::read(&files::Source::Embedded { id }, base).map(|(t, _)| t)
    }

    /// Reads a theme: a built-in id, or the path of a theme folder.
    pub fn load(arg: &str) -> Result<Theme, Failure> {
        if let Some(t) = Theme::builtin(arg) {
            return Ok(t);
        }
        let path = Path::new(arg);
        if path.exists() {
            return Theme::load_folder(path).map(|(t, _)| t);
        }
        Err(Failure::option(
            "--theme",
            format!(
                "no built-in theme or theme folder called '{arg}' (built-in themes: {})",
                builtin::IDS.join(", ")
            ),
        ))
    }

    /// Reads a theme folder over the `viking` defaults: the theme and its
    /// warnings, or every error found.
    pub fn load_folder(path: &Path) -> Result<(Theme, Vec<Diagnostic>), Failure> {
        let source = files::Source::folder(path)
            .map_err(|m| Failure::new(Diagnostic::error(path.display().to_string(), m)))?;
        format::read(&source, &Theme::viking())
    }

    /// The black-and-white form of this theme (see [`mono`] for what
    /// changes): greys instead of colours, art redrawn in grey, `mono` set.
    /// The kit should draw from this rather than grey the colours itself,
    /// so the art is grey too.
    pub fn to_mono(&self) -> Theme {
        mono::to_mono(self)
    }

    /// The values every key falls back to before the `viking` theme's own
    /// file is read.
    fn fallback() -> Theme {
        Theme {
            id: "viking".into(),
            name: "Viking".into(),
            title: None,
            names: Names {
                king: Noun::common("king", "kings"),
                defender: Noun::common("defender", "defenders"),
                attacker: Noun::common("attacker", "attackers"),
                defenders: Noun::fixed("the defenders"),
                attackers: Noun::fixed("the attackers"),
                centre: Noun::common("throne", "thrones"),
                corner: Noun::common("corner", "corners"),
                marked: Vec::new(),
            },
            colours: Colours {
                square_light: Rgb(0xF3, 0xE9, 0xD2),
                square_dark: Rgb(0xF3, 0xE9, 0xD2),
                grid: Rgb(0x5A, 0x4A, 0x3A),
                special: Rgb(0xC9, 0xB3, 0x8A),
                attacker_start: Rgb(0xE4, 0xC9, 0xC4),
                defender_start: Rgb(0xC9, 0xD6, 0xE8),
                text: Rgb(0x22, 0x1E, 0x1A),
                accent: Rgb(0x7A, 0x2E, 0x1F),
                attacker_fill: Rgb(0xB0, 0x2A, 0x2A),
                attacker_ink: Rgb(0xFF, 0xF4, 0xE0),
                defender_fill: Rgb(0x2A, 0x4E, 0x9A),
                defender_ink: Rgb(0xFF, 0xF4, 0xE0),
                king_fill: Rgb(0xD8, 0xA8, 0x2A),
                king_ink: Rgb(0x2A, 0x1E, 0x10),
            },
            fonts: FontSet::builtin(),
            art: ThemeArt::default(),
            pieces: PieceStyle {
                shape: PieceShape::Shield,
                king_size: Mm(25.0),
                piece_size: Mm(19.0),
            },
            story: String::new(),
            intro: String::new(),
            web: None,
            credits: None,
            mono: false,
            lang: Lang::english(),
            translations: BTreeMap::new(),
            own_words: OwnWords::default(),
            file: "themes/viking/theme.toml".into(),
        }
    }

    /// The words of the language the theme speaks.
    pub fn words(&self) -> &'static Words {
        self.lang.words()
    }

    /// This theme speaking `lang`: its names, story and introduction in
    /// that language. Refused, naming the theme file and what is missing,
    /// when the theme wrote English words of its own but none in `lang`.
    pub fn in_language(&self, lang: Lang) -> Result<Theme, Failure> {
        let mut t = self.clone();
        t.lang = lang;
        if lang.is_english() {
            return Ok(t);
        }
        let tr = self.translations.get(lang.code());
        let missing = |what: String| {
            Failure::option(
                "--lang",
                format!(
                    "the theme '{}' has no {what} in language '{lang}' ({}); add it, or build in English",
                    self.id, self.file
                ),
            )
        };
        match tr.and_then(|t| t.names.as_ref()) {
            Some(names) => t.names = names.clone(),
            None if self.own_words.names => return Err(missing(format!("[names.{lang}] table"))),
            None => {}
        }
        if let Some(name) = tr.and_then(|t| t.name.as_ref()) {
            t.name = name.clone();
        }
        for (which, own, text, slot) in [
            (
                format!("'title' in [names.{lang}]"),
                self.title.is_some(),
                tr.and_then(|t| t.title.as_ref()),
                &mut t.title,
            ),
            (
                format!("'credits' in [names.{lang}]"),
                self.credits.is_some(),
                tr.and_then(|t| t.credits.as_ref()),
                &mut t.credits,
            ),
        ] {
            match text {
                Some(s) => *slot = Some(s.clone()),
                None if own => return Err(missing(which)),
                None => {}
            }
        }
        for (which, own, text, slot) in [
            (
                "story",
                self.own_words.story,
                tr.and_then(|t| t.story.as_ref()),
                &mut t.story,
            ),
            (
                "intro",
                self.own_words.intro,
                tr.and_then(|t| t.intro.as_ref()),
                &mut t.intro,
            ),
        ] {
            match text {
                Some(s) => *slot = s.clone(),
                None if own => return Err(missing(format!("{which}.{lang}.md"))),
                None => {}
            }
        }
        Ok(t)
    }
}

/// What a theme says in one language other than English.
#[derive(Clone, Debug, Default)]
pub struct Translation {
    /// `[names.<code>]`, over the base theme's names in that language;
    /// `None` when neither gives that table.
    pub names: Option<Names>,
    /// `story.<code>.md`, `intro.<code>.md`.
    pub story: Option<String>,
    pub intro: Option<String>,
    /// `name`, `title` and `credits` of `[names.<code>]`. A theme's name
    /// is a name: without one here it stays as written.
    pub name: Option<String>,
    pub title: Option<String>,
    pub credits: Option<String>,
}

/// Which English words a theme wrote itself rather than inherited.
#[derive(Clone, Copy, Debug, Default)]
pub struct OwnWords {
    pub names: bool,
    pub story: bool,
    pub intro: bool,
}

impl From<&str> for Noun {
    fn from(text: &str) -> Noun {
        Noun::fixed(text)
    }
}

/// Checks a theme folder for `taflkit validate`: its warnings when it
/// reads, every error otherwise.
pub fn validate_folder(path: &Path) -> Result<Vec<Diagnostic>, Failure> {
    Theme::load_folder(path).map(|(_, warnings)| warnings)
}
