//! The `theme.toml` format: reading it key by key over a base theme (the
//! built-in `viking`), so every key is optional, with each problem located
//! at file:line:column and unknown keys answered with a "did you mean".
//!
//! The file is walked as a spanned TOML tree rather than deserialised with
//! serde so that every value keeps its position and all problems are
//! reported together.

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::files::{self, Source};
use super::svg::parse_art;
use super::{Art, Colours, Noun, PieceShape, Theme};
use crate::error::{Diagnostic, Failure};
use crate::layout::{FontRole, Rgb};
use crate::units::Mm;

pub const TOP_KEYS: &[&str] = &[
    "name", "web", "credits", "story", "intro", "names", "colours", "fonts", "art", "pieces",
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
pub const NOUN_KEYS: &[&str] = &["one", "many", "proper"];
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

/// Longest name, web address or credits line.
const MAX_LINE: usize = 120;
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

type Val<'a> = Spanned<DeValue<'a>>;

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
    let mut r = Reader {
        text: &text,
        label,
        diags: Vec::new(),
    };
    let doc = match DeTable::parse(&text) {
        Ok(d) => d,
        Err(e) => {
            let d = r.diag_at(e.span().map(|s| s.start), e.message().trim().to_string());
            return Err(Failure::new(d));
        }
    };
    let theme = r.theme(source, base, doc.get_ref());
    // Errors first, each group in file order.
    r.diags.sort_by_key(|d| (!d.is_error(), d.line, d.column));
    if r.diags.iter().any(Diagnostic::is_error) {
        return Err(Failure::many(r.diags));
    }
    Ok((theme, r.diags))
}

struct Reader<'t> {
    text: &'t str,
    label: String,
    diags: Vec<Diagnostic>,
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

impl<'t> Reader<'t> {
    fn diag_at(&self, offset: Option<usize>, msg: String) -> Diagnostic {
        let d = Diagnostic::error(self.label.clone(), msg);
        match offset {
            Some(o) => {
                let (l, c) = line_col(self.text, o);
                d.at(l, c)
            }
            None => d,
        }
    }
    fn error(&mut self, span: &Range<usize>, msg: impl Into<String>) {
        let d = self.diag_at(Some(span.start), msg.into());
        self.diags.push(d);
    }
    fn warn(&mut self, span: Option<&Range<usize>>, msg: impl Into<String>) {
        let mut d = self.diag_at(span.map(|s| s.start), msg.into());
        d.severity = crate::error::Severity::Warning;
        self.diags.push(d);
    }

    fn unknown(&mut self, key: &Spanned<std::borrow::Cow<str>>, section: &str, known: &[&str]) {
        let k = key.get_ref().as_ref();
        let full = if section.is_empty() {
            k.to_string()
        } else {
            format!("{section}.{k}")
        };
        let mut msg = format!("unknown key '{full}'");
        if let Some(best) = did_you_mean(k, known) {
            let s = if section.is_empty() {
                best.to_string()
            } else {
                format!("{section}.{best}")
            };
            msg.push_str(&format!("; did you mean '{s}'?"));
        } else {
            msg.push_str(&format!("; expected one of: {}", known.join(", ")));
        }
        self.error(&key.span(), msg);
    }

    fn table<'v, 'a>(&mut self, v: &'v Val<'a>, what: &str) -> Option<&'v DeTable<'a>> {
        match v.get_ref() {
            DeValue::Table(t) => Some(t),
            other => {
                self.error(
                    &v.span(),
                    format!("'{what}' must be a table, not {}", other.type_str()),
                );
                None
            }
        }
    }

    fn str<'v>(&mut self, v: &'v Val<'_>, what: &str) -> Option<&'v str> {
        match v.get_ref() {
            DeValue::String(s) => Some(s.as_ref()),
            other => {
                self.error(
                    &v.span(),
                    format!("'{what}' must be a string, not {}", other.type_str()),
                );
                None
            }
        }
    }

    /// One line of plain text: no control characters, not empty, not long.
    fn line(&mut self, v: &Val<'_>, what: &str) -> Option<String> {
        let s = self.str(v, what)?.trim().to_string();
        if s.is_empty() {
            self.error(&v.span(), format!("'{what}' is empty"));
            None
        } else if s.chars().any(char::is_control) {
            self.error(
                &v.span(),
                format!("'{what}' must be one line of text (no control characters)"),
            );
            None
        } else if s.chars().count() > MAX_LINE {
            self.error(
                &v.span(),
                format!("'{what}' is longer than {MAX_LINE} characters"),
            );
            None
        } else {
            Some(s)
        }
    }

    fn number(&mut self, v: &Val<'_>, what: &str) -> Option<f64> {
        match v.get_ref() {
            DeValue::Integer(i) => i64::from_str_radix(&i.as_str().replace('_', ""), i.radix())
                .ok()
                .map(|n| n as f64),
            DeValue::Float(f) => f
                .as_str()
                .replace('_', "")
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite()),
            other => {
                self.error(
                    &v.span(),
                    format!("'{what}' must be a number, not {}", other.type_str()),
                );
                None
            }
        }
    }

    fn path(&mut self, v: &Val<'_>, what: &str) -> Option<Located> {
        let s = self.str(v, what)?.to_string();
        Some((s, v.span()))
    }

    fn theme(&mut self, source: &Source, base: &Theme, doc: &DeTable<'_>) -> Theme {
        let mut t = base.clone();
        t.id = source.id();
        t.mono = false;
        // The base theme's credits and web address describe the base
        // theme's own work; they do not carry over.
        t.credits = None;
        t.web = None;
        let mut set: Vec<&'static str> = Vec::new();
        let mut want = Wanted::default();
        for (k, v) in doc.iter() {
            match k.get_ref().as_ref() {
                "name" => {
                    if let Some(s) = self.line(v, "name") {
                        t.name = s;
                    }
                }
                "web" => t.web = self.line(v, "web"),
                "credits" => t.credits = self.line(v, "credits"),
                "story" => want.story = self.path(v, "story"),
                "intro" => want.intro = self.path(v, "intro"),
                "names" => {
                    if let Some(tab) = self.table(v, "names") {
                        self.names(tab, &mut t);
                    }
                }
                "colours" => {
                    if let Some(tab) = self.table(v, "colours") {
                        self.colours(tab, &mut t.colours, &mut set);
                    }
                }
                "fonts" => {
                    if let Some(tab) = self.table(v, "fonts") {
                        for (fk, fv) in tab.iter() {
                            let role = match fk.get_ref().as_ref() {
                                "heading" => FontRole::Heading,
                                "body" => FontRole::Body,
                                "bold" => FontRole::Bold,
                                "italic" => FontRole::Italic,
                                _ => {
                                    self.unknown(fk, "fonts", FONT_KEYS);
                                    continue;
                                }
                            };
                            if let Some((p, span)) = self.path(fv, "fonts") {
                                want.fonts.push((role, p, span));
                            }
                        }
                    }
                }
                "art" => {
                    if let Some(tab) = self.table(v, "art") {
                        for (ak, av) in tab.iter() {
                            let key = ak.get_ref().as_ref();
                            if !ART_KEYS.contains(&key) {
                                self.unknown(ak, "art", ART_KEYS);
                                continue;
                            }
                            if let Some(p) = self.path(av, "art") {
                                let p = if p.0.trim().is_empty() { None } else { Some(p) };
                                want.art.push((key.to_string(), p));
                            }
                        }
                    }
                }
                "pieces" => {
                    if let Some(tab) = self.table(v, "pieces") {
                        self.pieces(tab, &mut t);
                    }
                }
                _ => self.unknown(k, "", TOP_KEYS),
            }
        }
        derive_colours(&mut t.colours, base, &set);
        self.files(source, base, &mut t, want);
        self.advise(&t, &set);
        t
    }

    fn names(&mut self, tab: &DeTable<'_>, t: &mut Theme) {
        for (k, v) in tab.iter() {
            let key = k.get_ref().as_ref();
            let what = format!("names.{key}");
            match key {
                "defenders" | "attackers" => {
                    if let Some(s) = self.line(v, &what) {
                        if key == "defenders" {
                            t.names.defenders = s;
                        } else {
                            t.names.attackers = s;
                        }
                    }
                }
                "king" | "defender" | "attacker" | "centre" | "corner" => {
                    let Some(n) = self.noun(v, &what) else {
                        continue;
                    };
                    let slot = match key {
                        "king" => &mut t.names.king,
                        "defender" => &mut t.names.defender,
                        "attacker" => &mut t.names.attacker,
                        "centre" => &mut t.names.centre,
                        _ => &mut t.names.corner,
                    };
                    *slot = n;
                }
                _ => self.unknown(k, "names", NAME_KEYS),
            }
        }
    }

    /// A noun: a string (a common noun with a regular plural) or a table
    /// `{ one, many, proper }`.
    fn noun(&mut self, v: &Val<'_>, what: &str) -> Option<Noun> {
        if let DeValue::String(_) = v.get_ref() {
            let one = self.line(v, what)?;
            let many = plural(&one);
            return Some(Noun {
                one,
                many,
                proper: false,
            });
        }
        let tab = match v.get_ref() {
            DeValue::Table(t) => t,
            other => {
                self.error(
                    &v.span(),
                    format!(
                        "'{what}' must be a string or a table {{ one, many, proper }}, not {}",
                        other.type_str()
                    ),
                );
                return None;
            }
        };
        let (mut one, mut many, mut proper) = (None, None, None);
        for (k, fv) in tab.iter() {
            match k.get_ref().as_ref() {
                "one" => one = self.line(fv, &format!("{what}.one")),
                "many" => many = self.line(fv, &format!("{what}.many")),
                "proper" => match fv.get_ref() {
                    DeValue::Boolean(b) => proper = Some(*b),
                    other => self.error(
                        &fv.span(),
                        format!(
                            "'{what}.proper' must be true or false, not {}",
                            other.type_str()
                        ),
                    ),
                },
                _ => self.unknown(k, what, NOUN_KEYS),
            }
        }
        let Some(one) = one else {
            if !tab.iter().any(|(k, _)| k.get_ref().as_ref() == "one") {
                self.error(&v.span(), format!("'{what}' needs 'one', the singular"));
            }
            return None;
        };
        let proper = proper.unwrap_or(false);
        let many = many.unwrap_or_else(|| if proper { one.clone() } else { plural(&one) });
        Some(Noun { one, many, proper })
    }

    fn colours(&mut self, tab: &DeTable<'_>, c: &mut Colours, set: &mut Vec<&'static str>) {
        for (k, v) in tab.iter() {
            let key = k.get_ref().as_ref();
            let Some(&known) = COLOUR_KEYS.iter().find(|n| **n == key) else {
                self.unknown(k, "colours", COLOUR_KEYS);
                continue;
            };
            let what = format!("colours.{key}");
            let Some(s) = self.str(v, &what) else {
                continue;
            };
            let Some(rgb) = parse_hex(s) else {
                self.error(
                    &v.span(),
                    format!("'{what}' must be a colour like \"#1e4a8c\" or \"#18c\", not \"{s}\""),
                );
                continue;
            };
            if let Some(slot) = colour_slot(c, known) {
                *slot = rgb;
                set.push(known);
            }
        }
    }

    fn pieces(&mut self, tab: &DeTable<'_>, t: &mut Theme) {
        for (k, v) in tab.iter() {
            match k.get_ref().as_ref() {
                "shape" => {
                    let Some(s) = self.str(v, "pieces.shape") else {
                        continue;
                    };
                    t.pieces.shape = match s {
                        "disc" => PieceShape::Disc,
                        "shield" => PieceShape::Shield,
                        "square" => PieceShape::Square,
                        other => {
                            let mut msg = format!(
                                "'pieces.shape' must be \"disc\", \"shield\" or \"square\", not \"{other}\""
                            );
                            if let Some(b) = did_you_mean(other, &["disc", "shield", "square"]) {
                                msg.push_str(&format!("; did you mean \"{b}\"?"));
                            }
                            self.error(&v.span(), msg);
                            continue;
                        }
                    }
                }
                key @ ("king_mm" | "piece_mm") => {
                    let what = format!("pieces.{key}");
                    let Some(n) = self.number(v, &what) else {
                        continue;
                    };
                    if !(PIECE_MM.0..=PIECE_MM.1).contains(&n) {
                        self.error(
                            &v.span(),
                            format!(
                                "'{what}' must be between {} and {} mm",
                                PIECE_MM.0, PIECE_MM.1
                            ),
                        );
                        continue;
                    }
                    if key == "king_mm" {
                        t.pieces.king_size = Mm(n);
                    } else {
                        t.pieces.piece_size = Mm(n);
                    }
                }
                _ => self.unknown(k, "pieces", PIECE_KEYS),
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
            match read_text(source, &rel) {
                Ok(s) => {
                    if which == "story" {
                        t.story = s;
                    } else {
                        t.intro = s;
                    }
                }
                Err(m) => self.file_error(span.as_ref(), &rel, m),
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
                        .and_then(|b| parse_art(&b, colour))
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
                                .and_then(|b| parse_art(&b, colour))
                                .ok()
                                .or(inherited)
                        }
                        _ => inherited,
                    }
                }
            };
            set_art(t, slot, art);
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
            let s = a.0.size();
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

fn read_text(source: &Source, rel: &str) -> Result<String, String> {
    let bytes = source.read(rel, files::TEXT_MAX_BYTES, "a story or introduction")?;
    let s = String::from_utf8(bytes).map_err(|_| format!("{rel} is not UTF-8 text"))?;
    // Text is text: control characters other than line breaks and tabs
    // have no business in a story and could confuse a PDF viewer.
    Ok(s.chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .collect())
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

/// The closest known key, if it is close enough to be a likely typo.
pub fn did_you_mean<'k>(got: &str, known: &[&'k str]) -> Option<&'k str> {
    known
        .iter()
        .map(|k| (strsim::damerau_levenshtein(&got.to_lowercase(), k), *k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_colours() {
        assert_eq!(parse_hex("#1e4a8c"), Some(Rgb(0x1e, 0x4a, 0x8c)));
        assert_eq!(parse_hex("#18c"), Some(Rgb(0x11, 0x88, 0xcc)));
        assert_eq!(parse_hex("1e4a8c"), None);
        assert_eq!(parse_hex("#12345"), None);
        assert_eq!(parse_hex("#ggg"), None);
    }

    #[test]
    fn plurals() {
        assert_eq!(plural("ship"), "ships");
        assert_eq!(plural("witch"), "witches");
        assert_eq!(plural("ally"), "allies");
        assert_eq!(plural("boy"), "boys");
    }

    #[test]
    fn suggestions() {
        assert_eq!(did_you_mean("colors", TOP_KEYS), Some("colours"));
        assert_eq!(
            did_you_mean("atacker_fill", COLOUR_KEYS),
            Some("attacker_fill")
        );
        assert_eq!(did_you_mean("zzzz", TOP_KEYS), None);
    }

    #[test]
    fn positions() {
        assert_eq!(line_col("ab\ncdé\nf", 0), (1, 1));
        assert_eq!(line_col("ab\ncdé\nf", 3), (2, 1));
        assert_eq!(line_col("ab\ncdé\nf", 8), (3, 1));
        assert_eq!(line_col("ab\ncdé\nf", 7), (2, 4));
    }
}
