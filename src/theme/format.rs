//! The `theme.toml` format: reading it key by key over a base theme (the
//! built-in `viking`), so every key is optional, with each problem located
//! at file:line:column and unknown keys answered with a "did you mean".
//!
//! The file is walked as a spanned TOML tree rather than deserialised with
//! serde so that every value keeps its position and all problems are
//! reported together.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;

use super::files::{self, Source};
use super::placeholders;
use super::svg::parse_art;
use super::{Art, Colours, Names, Noun, PieceShape, Theme};
use crate::diagnostics::toml::{At, Field, StringOr};
use crate::diagnostics::{self, Diagnostic, Failure, SourceFile};
use crate::layout::{FontRole, Rgb};
use crate::units::Mm;
use crate::words::Lang;

pub const TOP_KEYS: &[&str] = &[
    "name", "title", "web", "credits", "story", "intro", "names", "colours", "fonts", "art",
    "pieces",
];
pub const NAME_KEYS: &[&str] = &[
    "king",
    "defender",
    "attacker",
    "defenders",
    "attackers",
    "centre",
    "corner",
];
pub const NOUN_KEYS: &[&str] = &[
    "one",
    "many",
    "one_def",
    "many_def",
    "gender",
    "proper",
    "one_def_acc",
    "one_def_dat",
    "one_def_gen",
    "many_def_dat",
    "many_def_gen",
];
/// The case forms among [`NOUN_KEYS`].
const CASE_KEYS: &[&str] = &[
    "one_def_acc",
    "one_def_dat",
    "one_def_gen",
    "many_def_dat",
    "many_def_gen",
];
pub const COLOUR_KEYS: &[&str] = &[
    "square_light",
    "square_dark",
    "grid",
    "special",
    "attacker_start",
    "defender_start",
    "text",
    "accent",
    "attacker_fill",
    "attacker_ink",
    "defender_fill",
    "defender_ink",
    "king_fill",
    "king_ink",
];
pub const FONT_KEYS: &[&str] = &["heading", "body", "bold", "italic"];
pub const ART_KEYS: &[&str] = &[
    "king",
    "defender",
    "attacker",
    "cover",
    "attacker_start",
    "centre",
];
pub const PIECE_KEYS: &[&str] = &["shape", "king_mm", "piece_mm"];

/// Piece sizes a kit can cut and a board can hold.
const PIECE_MM: (f64, f64) = (10.0, 60.0);

/// The art of the default theme, used for slots a theme leaves unset. It
/// is re-read in the new theme's colours (its `currentColor` follows them).
const DEFAULT_ART: &[(&str, &str)] = &[
    ("king", "art/king.svg"),
    ("defender", "art/defender.svg"),
    ("attacker", "art/attacker.svg"),
    ("cover", "art/cover.svg"),
];

/// `theme.toml` as written. Tables whose keys are data (colours, fonts,
/// art) are maps checked against their key lists; the others are structs,
/// whose field names serde checks (a unit test keeps them equal to the key
/// lists above, which `new-theme` documents).
#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ThemeFile {
    name: Field<String>,
    title: Field<String>,
    web: Field<String>,
    credits: Field<String>,
    story: Field<String>,
    intro: Field<String>,
    names: Field<NamesFile>,
    colours: Field<BTreeMap<String, Field<String>>>,
    fonts: Field<BTreeMap<String, Field<String>>>,
    art: Field<BTreeMap<String, Field<String>>>,
    pieces: Field<PiecesFile>,
}

/// `[names]`: a noun for each of [`NAME_KEYS`] (English), and a table
/// `[names.<code>]` of them for each other language, which also gives
/// the kit's title and credits in that language ([`LANG_TEXT_KEYS`]). Its
/// keys are data (the languages are folders), so it is read as a map and
/// checked here.
#[derive(Default)]
struct NamesFile {
    nouns: Vec<(&'static str, Field<StringOr<NounFile>>)>,
    langs: Vec<(String, Field<NamesFile>)>,
    /// `name`, `title`, `credits`, by key.
    texts: Vec<(&'static str, Field<String>)>,
}

/// The one-line texts a `[names.<code>]` table gives besides nouns: the
/// top-level `name`, `title` and `credits` in that language.
pub const LANG_TEXT_KEYS: &[&str] = &["name", "title", "credits"];

impl<'de> Deserialize<'de> for NamesFile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(NamesVisitor)
    }
}

struct NamesVisitor;

impl<'de> serde::de::Visitor<'de> for NamesVisitor {
    type Value = NamesFile;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a table of names")
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<NamesFile, A::Error> {
        let mut out = NamesFile::default();
        while let Some(key) = map.next_key::<String>()? {
            if let Some(k) = NAME_KEYS.iter().find(|k| **k == key) {
                out.nouns.push((k, map.next_value()?));
            } else if let Some(k) = LANG_TEXT_KEYS.iter().find(|k| **k == key) {
                out.texts.push((k, map.next_value()?));
            } else {
                out.langs.push((key, map.next_value()?));
            }
        }
        Ok(out)
    }
}

/// A noun written out: `{ one, many, one_def, many_def, gender, proper }`
/// and German case forms (docs/languages.md).
#[derive(Deserialize, Default)]
#[serde(default)]
pub struct NounFile {
    one: Field<String>,
    many: Field<String>,
    one_def: Field<String>,
    many_def: Field<String>,
    gender: Field<String>,
    proper: Field<bool>,
    one_def_acc: Field<String>,
    one_def_dat: Field<String>,
    one_def_gen: Field<String>,
    many_def_dat: Field<String>,
    many_def_gen: Field<String>,
}

impl NounFile {
    fn cases(&self) -> [(&'static str, &Field<String>); 5] {
        [
            (CASE_KEYS[0], &self.one_def_acc),
            (CASE_KEYS[1], &self.one_def_dat),
            (CASE_KEYS[2], &self.one_def_gen),
            (CASE_KEYS[3], &self.many_def_dat),
            (CASE_KEYS[4], &self.many_def_gen),
        ]
    }
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct PiecesFile {
    shape: Field<PieceShape>,
    king_mm: Field<f64>,
    piece_mm: Field<f64>,
}

/// Reads the theme in `source` over `base`. Returns the theme and any
/// warnings, or every error found.
pub fn read(source: &Source, base: &Theme) -> Result<(Theme, Vec<Diagnostic>), Failure> {
    let label = source.label("theme.toml");
    let bytes = source
        .read("theme.toml", files::TOML_MAX_BYTES, "theme.toml")
        .map_err(|m| Failure::new(Diagnostic::error(label.clone(), m)))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        Failure::new(Diagnostic::error(
            label.clone(),
            "theme.toml is not UTF-8 text",
        ))
    })?;
    let file = SourceFile {
        label: &label,
        text: &text,
    };
    let (doc, diags) = diagnostics::toml::read::<ThemeFile>(file)?;
    let mut r = Reader {
        file,
        diags,
        texts: Vec::new(),
        documents: Vec::new(),
    };
    let theme = r.theme(source, base, &doc);
    // Errors first, each group in file order.
    r.diags.sort_by_key(|d| (!d.is_error(), d.line, d.column));
    if r.diags.iter().any(Diagnostic::is_error) {
        return Err(Failure::many(r.diags));
    }
    Ok((theme, r.diags))
}

struct Reader<'t> {
    file: SourceFile<'t>,
    diags: Vec<Diagnostic>,
    /// One-line texts read (key, where, text), for the glyph check.
    texts: Vec<(String, Range<usize>, String)>,
    /// Stories and introductions read from the folder (file label, text).
    documents: Vec<(String, String)>,
}

/// A path as written in theme.toml, and where.
type Located = (String, Range<usize>);

/// Paths named in the file. An art slot set to `""` is `(slot, None)`.
#[derive(Default)]
struct Wanted {
    art: Vec<(String, Option<Located>)>,
    fonts: Vec<(FontRole, String, Range<usize>)>,
    story: Option<Located>,
    intro: Option<Located>,
}

fn located(f: &Field<String>) -> Option<Located> {
    f.given().map(|at| (at.value.clone(), at.span.clone()))
}

impl<'t> Reader<'t> {
    fn diag_at(&self, offset: Option<usize>, msg: String) -> Diagnostic {
        match offset {
            Some(o) => self.file.error(o, msg),
            None => Diagnostic::error(self.file.label, msg),
        }
    }
    fn error(&mut self, span: &Range<usize>, msg: impl Into<String>) {
        let d = self.diag_at(Some(span.start), msg.into());
        self.diags.push(d);
    }
    fn warn(&mut self, span: Option<&Range<usize>>, msg: impl Into<String>) {
        let mut d = self.diag_at(span.map(|s| s.start), msg.into());
        d.severity = crate::diagnostics::Severity::Warning;
        self.diags.push(d);
    }

    /// The entries of a table whose keys are data, the unknown ones
    /// reported.
    fn known_entries<'m, V>(
        &mut self,
        table: &'m Field<BTreeMap<String, Field<V>>>,
        section: &str,
        known: &[&str],
    ) -> Vec<(&'m str, &'m Field<V>)> {
        let Some(map) = table.value() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (k, v) in map {
            if known.contains(&k.as_str()) {
                out.push((k.as_str(), v));
            } else if let Some(at) = v.given() {
                let d = diagnostics::toml::unknown_key(self.file, at.key.start, section, k, known);
                self.diags.push(d);
            }
        }
        out
    }

    /// One line of plain text: no control characters, not empty, not long.
    fn line(&mut self, f: &Field<String>, what: &str) -> Option<String> {
        let at = f.given()?;
        let s = diagnostics::one_line(&at.value, what)
            .map_err(|m| self.error(&at.span, m))
            .ok()?;
        self.texts
            .push((what.to_string(), at.span.clone(), s.clone()));
        Some(s)
    }

    fn theme(&mut self, source: &Source, base: &Theme, doc: &ThemeFile) -> Theme {
        let mut t = base.clone();
        t.id = source.id();
        t.file = source.label("theme.toml");
        t.lang = Lang::english();
        t.mono = false;
        // The base theme's credits and web address describe the base
        // theme's own work; they do not carry over.
        t.credits = None;
        t.web = None;
        if let Some(s) = self.line(&doc.name, "name") {
            t.name = s;
        }
        // A title names one theme's kit; it does not carry over either,
        // in any language.
        t.title = self.line(&doc.title, "title");
        for tr in t.translations.values_mut() {
            tr.title = None;
            tr.credits = None;
            if doc.name.given().is_some() {
                tr.name = None;
            }
        }
        t.web = self.line(&doc.web, "web");
        t.credits = self.line(&doc.credits, "credits");
        let mut want = Wanted {
            story: located(&doc.story),
            intro: located(&doc.intro),
            ..Wanted::default()
        };
        t.own_words = Default::default();
        if let Some(names) = doc.names.value() {
            t.own_words.names = !names.nouns.is_empty();
            let english = t.names.clone();
            t.names = self.names(names, english, Lang::english(), "names");
            for (key, f) in &names.texts {
                if let Some(at) = f.given() {
                    let msg = format!(
                        "'names.{key}': the English {key} is '{key}' at the top of theme.toml; [names.<code>] tables give it in other languages"
                    );
                    self.error(&at.key, msg);
                }
            }
            let base_names = std::mem::take(&mut t.translations);
            t.translations = base_names
                .iter()
                .map(|(code, tr)| {
                    let mut tr = tr.clone();
                    // English names of its own are not said in another
                    // language by the base theme's names there.
                    if t.own_words.names {
                        tr.names = None;
                    }
                    (code.clone(), tr)
                })
                .collect();
            self.translations(names, &mut t, &base_names);
        }
        let mut set: Vec<&'static str> = Vec::new();
        self.colours(&doc.colours, &mut t.colours, &mut set);
        for (key, f) in self.known_entries(&doc.fonts, "fonts", FONT_KEYS) {
            let role = match key {
                "heading" => FontRole::Heading,
                "body" => FontRole::Body,
                "bold" => FontRole::Bold,
                _ => FontRole::Italic,
            };
            if let Some((p, span)) = located(f) {
                want.fonts.push((role, p, span));
            }
        }
        for (key, f) in self.known_entries(&doc.art, "art", ART_KEYS) {
            if let Some(p) = located(f) {
                let p = if p.0.trim().is_empty() { None } else { Some(p) };
                want.art.push((key.to_string(), p));
            }
        }
        if let Some(p) = doc.pieces.value() {
            self.pieces(p, &mut t);
        }
        derive_colours(&mut t.colours, base, &set);
        let fonts_given = want.fonts.first().map(|(_, _, span)| span.clone());
        self.files(source, base, &mut t, want);
        self.glyphs(&t, fonts_given);
        self.advise(&t, &set);
        t
    }

    /// The names of one language (`section`: "names", "names.de") over
    /// `base`.
    fn names(&mut self, n: &NamesFile, base: Names, lang: Lang, section: &str) -> Names {
        let mut names = base;
        for (key, f) in &n.nouns {
            let what = format!("{section}.{key}");
            let side = matches!(*key, "defenders" | "attackers");
            let Some(noun) = self.noun(f, &what, lang, side) else {
                continue;
            };
            let noun = noun.unmarked(&mut names.marked);
            let slot = match *key {
                "king" => &mut names.king,
                "defender" => &mut names.defender,
                "attacker" => &mut names.attacker,
                "defenders" => &mut names.defenders,
                "attackers" => &mut names.attackers,
                "centre" => &mut names.centre,
                _ => &mut names.corner,
            };
            *slot = noun;
        }
        names
    }

    /// `[names.<code>]` for each other language, over the base theme's
    /// names in that language (or its English ones).
    fn translations(
        &mut self,
        n: &NamesFile,
        t: &mut Theme,
        base: &BTreeMap<String, super::Translation>,
    ) {
        let codes: Vec<&str> = Lang::all()
            .filter(|l| !l.is_english())
            .map(Lang::code)
            .collect();
        for (code, f) in &n.langs {
            let Some(at) = f.given() else { continue };
            let lang = match Lang::from_code(code).filter(|l| !l.is_english()) {
                Some(l) => l,
                None => {
                    let known: Vec<&str> = NAME_KEYS.iter().chain(codes.iter()).copied().collect();
                    let d = diagnostics::toml::unknown_key(
                        self.file,
                        at.key.start,
                        "names",
                        code,
                        &known,
                    );
                    self.diags.push(d);
                    continue;
                }
            };
            if let Some((nested, _)) = at.value.langs.first() {
                self.error(
                    &at.span,
                    format!(
                        "'names.{code}.{nested}': a language's table holds names, not languages"
                    ),
                );
            }
            let base = base
                .get(lang.code())
                .and_then(|tr| tr.names.clone())
                .unwrap_or_else(|| t.names.clone());
            let section = format!("names.{}", lang.code());
            let names = self.names(&at.value, base, lang, &section);
            let entry = t.translations.entry(lang.code().to_string()).or_default();
            entry.names = Some(names);
            for (key, f) in &at.value.texts {
                let text = self.line(f, &format!("{section}.{key}"));
                let entry = t.translations.entry(lang.code().to_string()).or_default();
                match *key {
                    "name" => entry.name = text,
                    "title" => entry.title = text,
                    _ => entry.credits = text,
                }
            }
        }
    }

    /// A noun: a string (an English common noun with a regular plural; a
    /// side's name as printed) or a table of its forms.
    fn noun(
        &mut self,
        f: &Field<StringOr<NounFile>>,
        what: &str,
        lang: Lang,
        side: bool,
    ) -> Option<Noun> {
        let at = f.given()?;
        let tab = match &at.value {
            StringOr::String(s) => {
                let word = Field::Given(At {
                    key: at.key.clone(),
                    span: at.span.clone(),
                    value: s.clone(),
                });
                let one = self.line(&word, what)?;
                if !lang.is_english() {
                    self.error(&at.span, format!("'{what}' needs its forms in a table: {{ one, many, one_def, many_def, gender }} (docs/languages.md)"));
                    return None;
                }
                if side {
                    return Some(side_noun(&one));
                }
                let many = plural(&one);
                return Some(Noun::common(&one, &many));
            }
            StringOr::Table(tab) => tab,
        };
        self.noun_table(tab, at, what, lang, side)
    }

    /// A noun written as a table of its forms.
    fn noun_table(
        &mut self,
        tab: &NounFile,
        at: &At<StringOr<NounFile>>,
        what: &str,
        lang: Lang,
        side: bool,
    ) -> Option<Noun> {
        let one = self.line(&tab.one, &format!("{what}.one"));
        let many = self.line(&tab.many, &format!("{what}.many"));
        let proper = tab.proper.value().copied().unwrap_or(false);
        // A side is plural: its name may give only the plural forms.
        let Some(one) = one.or_else(|| many.clone().filter(|_| side)) else {
            if tab.one.is_absent() {
                self.error(&at.span, format!("'{what}' needs 'one', the singular"));
            }
            return None;
        };
        let many = many.unwrap_or_else(|| if proper { one.clone() } else { plural(&one) });
        let one_def = self.line(&tab.one_def, &format!("{what}.one_def"));
        let many_def = self.line(&tab.many_def, &format!("{what}.many_def"));
        let gender = self.gender(&tab.gender, what, lang);
        let cases = tab
            .cases()
            .into_iter()
            .filter_map(|(key, f)| {
                self.line(f, &format!("{what}.{key}"))
                    .map(|form| (key.to_string(), form))
            })
            .collect();
        if !lang.is_english() && !proper {
            let needed = if side {
                vec![("many_def", many_def.is_some())]
            } else {
                vec![
                    ("one_def", one_def.is_some()),
                    ("many_def", many_def.is_some()),
                ]
            };
            for (key, given) in needed {
                if !given {
                    self.error(&at.span, format!("'{what}' needs '{key}', the definite form as printed mid-sentence (docs/languages.md)"));
                }
            }
        }
        Some(Noun {
            one,
            many,
            one_def,
            many_def,
            gender,
            proper,
            cases,
        })
    }

    /// A noun's gender, one of its language's (`grammar.toml`).
    fn gender(&mut self, f: &Field<String>, what: &str, lang: Lang) -> Option<String> {
        let at = f.given()?;
        let genders = &lang.words().grammar.genders;
        if genders.contains(&at.value) {
            return Some(at.value.clone());
        }
        let msg = if genders.is_empty() {
            format!("'{what}.gender': language '{lang}' has no genders")
        } else {
            format!(
                "'{what}.gender' must be one of {} for language '{lang}', not \"{}\"",
                genders.join(", "),
                at.value
            )
        };
        self.error(&at.span, msg);
        None
    }

    fn colours(
        &mut self,
        table: &Field<BTreeMap<String, Field<String>>>,
        c: &mut Colours,
        set: &mut Vec<&'static str>,
    ) {
        for (key, f) in self.known_entries(table, "colours", COLOUR_KEYS) {
            let Some(at) = f.given() else {
                continue;
            };
            let Some(rgb) = parse_hex(&at.value) else {
                self.error(
                    &at.span,
                    format!(
                        "'colours.{key}' must be a colour like \"#1e4a8c\" or \"#18c\", not \"{}\"",
                        at.value
                    ),
                );
                continue;
            };
            let known = COLOUR_KEYS
                .iter()
                .find(|n| **n == key)
                .expect("known_entries keeps known keys");
            if let Some(slot) = colour_slot(c, known) {
                *slot = rgb;
                set.push(known);
            }
        }
    }

    fn pieces(&mut self, p: &PiecesFile, t: &mut Theme) {
        if let Some(shape) = p.shape.value() {
            t.pieces.shape = *shape;
        }
        for (f, key) in [(&p.king_mm, "king_mm"), (&p.piece_mm, "piece_mm")] {
            let Some(at) = f.given() else {
                continue;
            };
            if !(PIECE_MM.0..=PIECE_MM.1).contains(&at.value) {
                self.error(
                    &at.span,
                    format!(
                        "'pieces.{key}' must be between {} and {} mm",
                        PIECE_MM.0, PIECE_MM.1
                    ),
                );
                continue;
            }
            if key == "king_mm" {
                t.pieces.king_size = Mm(at.value);
            } else {
                t.pieces.piece_size = Mm(at.value);
            }
        }
        if t.pieces.piece_size.0 > t.pieces.king_size.0 {
            self.warn(None, "pieces.piece_mm is larger than pieces.king_mm; the king is usually the largest piece");
        }
    }

    /// Reads the files the theme names (or the defaults) now that the
    /// colours are known.
    fn files(&mut self, source: &Source, base: &Theme, t: &mut Theme, want: Wanted) {
        // Story and introduction: named, or story.md / intro.md when the
        // folder has them, or the base theme's.
        for (which, named, default) in [
            ("story", want.story, "story.md"),
            ("intro", want.intro, "intro.md"),
        ] {
            let (rel, span) = match named {
                Some((p, s)) => (p, Some(s)),
                None if source.exists(default) => (default.to_string(), None),
                None => {
                    self.warn(
                        None,
                        format!("no {default}: the kit uses the viking theme's {which}"),
                    );
                    continue;
                }
            };
            // A story of its own is not told in another language by the
            // base theme's story there.
            for tr in t.translations.values_mut() {
                *text_slot(tr, which) = None;
            }
            if which == "story" {
                t.own_words.story = true;
            } else {
                t.own_words.intro = true;
            }
            if let Some(s) = self.words_file(source, &rel, span.as_ref(), which) {
                if which == "story" {
                    t.story = s;
                } else {
                    t.intro = s;
                }
            }
        }
        // The same in each other language: story.<code>.md, intro.<code>.md.
        for lang in Lang::all().filter(|l| !l.is_english()) {
            for which in ["story", "intro"] {
                let rel = format!("{which}.{lang}.md");
                if !source.exists(&rel) {
                    continue;
                }
                if let Some(s) = self.words_file(source, &rel, None, which) {
                    let tr = t.translations.entry(lang.code().to_string()).or_default();
                    *text_slot(tr, which) = Some(s);
                }
            }
        }

        for (role, rel, span) in want.fonts {
            let bytes = match source.read(&rel, files::FONT_MAX_BYTES, "a font") {
                Ok(b) => b,
                Err(m) => {
                    self.file_error(Some(&span), &rel, m);
                    continue;
                }
            };
            if rustybuzz::ttf_parser::Face::parse(&bytes, 0).is_err() {
                self.error(
                    &span,
                    format!("{rel}: not a font file (TrueType or OpenType expected)"),
                );
                continue;
            }
            if let Err(m) = crate::render::font_embeds(&bytes) {
                self.error(&span, format!("{rel}: {m}"));
                continue;
            }
            match t.fonts.clone().with_face(role, bytes) {
                Ok(f) => t.fonts = f,
                Err(m) => self.error(&span, format!("{rel}: {m}")),
            }
        }

        let slots: [&str; 6] = [
            "king",
            "defender",
            "attacker",
            "cover",
            "attacker_start",
            "centre",
        ];
        for slot in slots {
            let colour = art_colour(&t.colours, slot);
            let named = want
                .art
                .iter()
                .find(|(k, _)| k == slot)
                .map(|(_, p)| p.clone());
            let art: Option<Art> = match named {
                // Explicitly empty: no art here.
                Some(None) => None,
                Some(Some((rel, span))) => {
                    match source
                        .read(&rel, files::SVG_MAX_BYTES, "SVG art")
                        .and_then(|b| parse_art(&b, colour).map_err(|r| r.to_string()))
                    {
                        Ok(a) => {
                            self.check_shape(&a, slot, &rel, &span);
                            Some(a)
                        }
                        Err(m) => {
                            self.file_error(Some(&span), &rel, m);
                            None
                        }
                    }
                }
                None => {
                    let inherited = base_art(base, slot);
                    match DEFAULT_ART.iter().find(|(s, _)| *s == slot) {
                        Some((_, rel)) if inherited.is_some() => {
                            let src = Source::Embedded { id: "viking" };
                            src.read(rel, files::SVG_MAX_BYTES, "SVG art")
                                .ok()
                                .and_then(|b| parse_art(&b, colour).ok())
                                .or(inherited)
                        }
                        _ => inherited,
                    }
                }
            };
            set_art(t, slot, art);
        }
    }

    /// Warns about each `{{ word }}` in a story or introduction that is no
    /// placeholder: it would be printed as written, which is seldom meant.
    /// Every text of the theme must be printable in its fonts: a character
    /// none of them has would come out as a box. Names are checked at their
    /// key, stories and introductions at the character in their file, and
    /// the built-in story a theme with its own fonts falls back to at the
    /// first font key.
    fn glyphs(&mut self, t: &Theme, fonts_given: Option<Range<usize>>) {
        let texts = std::mem::take(&mut self.texts);
        for (what, span, text) in &texts {
            if let Some(m) = missing_message(&t.fonts, text) {
                self.error(span, format!("'{what}' {m}"));
            }
        }
        let documents = std::mem::take(&mut self.documents);
        for (label, text) in &documents {
            let typeset = with_typographic_punctuation(text);
            if let Some(m) = missing_message(&t.fonts, &typeset) {
                let first = missing_chars(&t.fonts, &typeset)[0];
                // A typographic quote or dash stands for the ASCII one.
                let at = text.find(first).unwrap_or(0);
                let file = SourceFile { label, text };
                self.diags.push(file.error(at, format!("the text {m}")));
            }
        }
        if let Some(span) = fonts_given {
            for (which, text) in [("story", &t.story), ("introduction", &t.intro)] {
                let from_folder = documents.iter().any(|(_, d)| d == text);
                let typeset = with_typographic_punctuation(text);
                if !from_folder && let Some(m) = missing_message(&t.fonts, &typeset) {
                    self.error(
                        &span,
                        format!("the built-in {which} the kit falls back to {m}"),
                    );
                }
            }
        }
    }

    fn placeholders(&mut self, label: &str, text: &str) {
        let file = SourceFile { label, text };
        let known: Vec<&str> = placeholders::NAMES.iter().map(|(n, _)| *n).collect();
        for f in placeholders::scan(text) {
            if placeholders::known(&f.name).is_none() {
                let hint = diagnostics::suggestion(&f.name, &known, |k| format!("{{{{ {k} }}}}"));
                self.diags.push(file.warning(
                    f.span.start,
                    format!(
                        "'{{{{ {} }}}}' is not a rule placeholder and is printed as written; {hint}",
                        f.name
                    ),
                ));
            }
        }
    }

    /// A story or introduction: plain text, its placeholders checked.
    fn words_file(
        &mut self,
        source: &Source,
        rel: &str,
        span: Option<&Range<usize>>,
        which: &str,
    ) -> Option<String> {
        match read_text(source, rel) {
            Ok(s) => match first_control(&s) {
                // Text is text: a control character has no glyph on the
                // page and could confuse a PDF viewer or a terminal;
                // refused where it is, as names are.
                Some((at, c)) => {
                    let d = SourceFile {
                        label: &source.label(rel),
                        text: &s,
                    }
                    .error(
                        at,
                        format!(
                            "control character U+{:04X} in the {which}: write plain text (line breaks and tabs are fine)",
                            c as u32
                        ),
                    );
                    self.diags.push(d);
                    None
                }
                None => {
                    self.placeholders(&source.label(rel), &s);
                    self.documents.push((source.label(rel), s.clone()));
                    Some(s)
                }
            },
            Err(m) => {
                self.file_error(span, rel, m);
                None
            }
        }
    }

    fn file_error(&mut self, span: Option<&Range<usize>>, rel: &str, msg: String) {
        let msg = if msg.contains(rel) {
            msg
        } else {
            format!("{rel}: {msg}")
        };
        match span {
            Some(s) => self.error(s, msg),
            None => {
                let d = self.diag_at(None, msg);
                self.diags.push(d);
            }
        }
    }

    fn check_shape(&mut self, a: &Art, slot: &str, rel: &str, span: &Range<usize>) {
        if matches!(
            slot,
            "king" | "defender" | "attacker" | "centre" | "attacker_start"
        ) {
            let s = a.tree().size();
            let ratio = s.width() / s.height();
            if !(0.8..=1.25).contains(&ratio) {
                self.warn(
                    Some(span),
                    format!(
                        "{rel} is not square ({:.0}×{:.0}); it will be shrunk to fit a square",
                        s.width(),
                        s.height()
                    ),
                );
            }
        }
    }

    /// Advice that does not stop a build.
    fn advise(&mut self, t: &Theme, set: &[&str]) {
        let c = &t.colours;
        let fills_set = set.iter().any(|k| k.ends_with("_fill"));
        if fills_set && (c.attacker_fill.luma() - c.defender_fill.luma()).abs() < 0.12 {
            self.warn(
                None,
                "the two sides' colours are about equally light; on a black-and-white printer they look alike (use --mono for such printers)",
            );
        }
        let judged = [
            "attacker_fill",
            "defender_fill",
            "king_fill",
            "attacker_start",
            "defender_start",
        ];
        if set.iter().any(|k| judged.contains(k)) {
            for clash in super::vision::clashes(c) {
                self.warn(
                    None,
                    format!(
                        "colours.{} and colours.{} look alike with {} (colour difference ΔE {:.0}, at least {:.0} wanted); players with that colour vision may not tell them apart",
                        clash.keys.0,
                        clash.keys.1,
                        clash.vision.name(),
                        clash.difference,
                        clash.least
                    ),
                );
            }
        }
        for (fill, ink, who) in [
            (c.attacker_fill, c.attacker_ink, "attacker"),
            (c.defender_fill, c.defender_ink, "defender"),
            (c.king_fill, c.king_ink, "king"),
        ] {
            if (fill.luma() - ink.luma()).abs() < 0.3 {
                self.warn(
                    None,
                    format!("colours.{who}_ink is hard to see on colours.{who}_fill"),
                );
            }
        }
    }
}

/// The faces a theme sets text in (the label face is the kit's own).
const TEXT_ROLES: [FontRole; 4] = [
    FontRole::Heading,
    FontRole::Body,
    FontRole::Bold,
    FontRole::Italic,
];

/// The characters of `text` missing from any of the theme's text faces.
fn missing_chars(fonts: &crate::layout::text::FontSet, text: &str) -> Vec<char> {
    let mut all: Vec<char> = Vec::new();
    for role in TEXT_ROLES {
        for c in fonts.missing(role, text) {
            if !all.contains(&c) {
                all.push(c);
            }
        }
    }
    all
}

/// "uses characters … cannot print: …" for a text with missing
/// characters, naming at most eight of them and the faces that lack them.
pub(crate) fn missing_message(fonts: &crate::layout::text::FontSet, text: &str) -> Option<String> {
    let all = missing_chars(fonts, text);
    if all.is_empty() {
        return None;
    }
    let shown: Vec<String> = all
        .iter()
        .take(8)
        .map(|c| format!("'{c}' (U+{:04X})", *c as u32))
        .collect();
    let more = if all.len() > 8 {
        format!(" and {} more", all.len() - 8)
    } else {
        String::new()
    };
    let faces: Vec<String> = TEXT_ROLES
        .iter()
        .filter(|r| !fonts.missing(**r, text).is_empty())
        .map(|r| format!("{} ({})", role_key(*r), fonts.family_name(*r)))
        .collect();
    Some(format!(
        "uses characters the theme's fonts cannot print: {}{more}, missing from the {} font{}; they would come out as boxes (write them otherwise, or set [fonts] to faces that have them)",
        shown.join(", "),
        faces.join(", "),
        if faces.len() > 1 { "s" } else { "" }
    ))
}

fn role_key(r: FontRole) -> &'static str {
    match r {
        FontRole::Heading => "heading",
        FontRole::Body => "body",
        FontRole::Bold => "bold",
        FontRole::Italic => "italic",
        FontRole::Label => "label",
    }
}

/// `text` with the typographic marks Markdown makes of ASCII ones (smart
/// punctuation: quotes, dashes, the ellipsis) added, so that a font
/// without them is caught too.
fn with_typographic_punctuation(text: &str) -> String {
    let mut out = text.to_string();
    for (ascii, marks) in [
        ("'", "\u{2018}\u{2019}"),
        ("\"", "\u{201c}\u{201d}"),
        ("--", "\u{2013}"),
        ("---", "\u{2014}"),
        ("...", "\u{2026}"),
    ] {
        if text.contains(ascii) {
            out.push(' ');
            out.push_str(marks);
        }
    }
    out
}

fn read_text(source: &Source, rel: &str) -> Result<String, String> {
    let bytes = source.read(rel, files::TEXT_MAX_BYTES, "a story or introduction")?;
    String::from_utf8(bytes).map_err(|_| format!("{rel} is not UTF-8 text"))
}

/// The first control character other than a line break or a tab, and its
/// byte offset.
fn first_control(s: &str) -> Option<(usize, char)> {
    s.char_indices()
        .find(|&(_, c)| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
}

fn base_art(base: &Theme, slot: &str) -> Option<Art> {
    let a = &base.art;
    match slot {
        "king" => a.king.clone(),
        "defender" => a.defender.clone(),
        "attacker" => a.attacker.clone(),
        "cover" => a.cover.clone(),
        "attacker_start" => a.attacker_start.clone(),
        _ => a.centre.clone(),
    }
}

fn set_art(t: &mut Theme, slot: &str, art: Option<Art>) {
    let a = &mut t.art;
    match slot {
        "king" => a.king = art,
        "defender" => a.defender = art,
        "attacker" => a.attacker = art,
        "cover" => a.cover = art,
        "attacker_start" => a.attacker_start = art,
        _ => a.centre = art,
    }
}

/// The colour `currentColor` means in each piece of art.
fn art_colour(c: &Colours, slot: &str) -> Rgb {
    match slot {
        "king" => c.king_ink,
        "defender" => c.defender_ink,
        "attacker" => c.attacker_ink,
        "attacker_start" => c.attacker_fill,
        _ => c.accent,
    }
}

fn colour_slot<'c>(c: &'c mut Colours, key: &str) -> Option<&'c mut Rgb> {
    Some(match key {
        "square_light" => &mut c.square_light,
        "square_dark" => &mut c.square_dark,
        "grid" => &mut c.grid,
        "special" => &mut c.special,
        "attacker_start" => &mut c.attacker_start,
        "defender_start" => &mut c.defender_start,
        "text" => &mut c.text,
        "accent" => &mut c.accent,
        "attacker_fill" => &mut c.attacker_fill,
        "attacker_ink" => &mut c.attacker_ink,
        "defender_fill" => &mut c.defender_fill,
        "defender_ink" => &mut c.defender_ink,
        "king_fill" => &mut c.king_fill,
        "king_ink" => &mut c.king_ink,
        _ => return None,
    })
}

/// Colours left unset follow the ones that were set, so a short theme
/// stays coherent: an ink reads on its fill, start tints echo their side,
/// a plain board stays plain.
fn derive_colours(c: &mut Colours, base: &Theme, set: &[&str]) {
    let has = |k: &str| set.contains(&k);
    for (fill, ink) in [
        ("attacker_fill", "attacker_ink"),
        ("defender_fill", "defender_ink"),
        ("king_fill", "king_ink"),
    ] {
        if has(fill) && !has(ink) {
            let f = *colour_slot(c, fill).expect("known key");
            *colour_slot(c, ink).expect("known key") = readable_on(f);
        }
    }
    if has("square_light")
        && !has("square_dark")
        && base.colours.square_light == base.colours.square_dark
    {
        c.square_dark = c.square_light;
    }
    if has("attacker_fill") && !has("attacker_start") {
        c.attacker_start = mix(c.square_light, c.attacker_fill, 0.3);
    }
    if has("defender_fill") && !has("defender_start") {
        c.defender_start = mix(c.square_light, c.defender_fill, 0.3);
    }
}

/// Near-black or near-white, whichever reads better on `fill`.
pub fn readable_on(fill: Rgb) -> Rgb {
    if fill.luma() > 0.55 {
        Rgb(0x1A, 0x1A, 0x1A)
    } else {
        Rgb(0xFA, 0xFA, 0xF5)
    }
}

/// `a` moved `k` of the way to `b`.
pub fn mix(a: Rgb, b: Rgb, k: f64) -> Rgb {
    let m = |x: u8, y: u8| {
        (x as f64 + (y as f64 - x as f64) * k)
            .round()
            .clamp(0.0, 255.0) as u8
    };
    Rgb(m(a.0, b.0), m(a.1, b.1), m(a.2, b.2))
}

/// `#rrggbb` or `#rgb`.
pub fn parse_hex(s: &str) -> Option<Rgb> {
    let h = s.trim().strip_prefix('#')?;
    if !h.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let v = |i: usize, n: usize| u8::from_str_radix(&h[i..i + n], 16).ok();
    match h.len() {
        6 => Some(Rgb(v(0, 2)?, v(2, 2)?, v(4, 2)?)),
        3 => Some(Rgb(v(0, 1)? * 17, v(1, 1)? * 17, v(2, 1)? * 17)),
        _ => None,
    }
}

/// A regular English plural; irregular ones are written out in the theme.
pub fn plural(one: &str) -> String {
    let lower = one.to_lowercase();
    if ["s", "x", "z", "ch", "sh"]
        .iter()
        .any(|e| lower.ends_with(e))
    {
        format!("{one}es")
    } else if lower.ends_with('y')
        && !lower.ends_with("ay")
        && !lower.ends_with("ey")
        && !lower.ends_with("oy")
    {
        format!("{}ies", &one[..one.len() - 1])
    } else {
        format!("{one}s")
    }
}

/// An English side's name written as text ("the Northumbrians", "Eric's
/// kinsmen"): printed as written; its bare plural (for a column heading)
/// is the text without the definite article.
fn side_noun(text: &str) -> Noun {
    let prefix = &Lang::english().words().grammar.definite_prefix;
    let bare = text.strip_prefix(prefix.as_str()).unwrap_or(text);
    Noun {
        many: bare.to_string(),
        ..Noun::fixed(text)
    }
}

/// A translation's story or introduction.
fn text_slot<'a>(tr: &'a mut super::Translation, which: &str) -> &'a mut Option<String> {
    if which == "story" {
        &mut tr.story
    } else {
        &mut tr.intro
    }
}
