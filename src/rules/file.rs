//! Reading a variant file: TOML with spans, so that every problem is
//! reported at the line and column of the key, value or setup cell that
//! causes it. The fixed core keys are those of `kit.md`; the rule keys are
//! documented in the README ("Variant files").

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeString, DeTable, DeValue};

use super::engine::{Game, line_col};
use super::notation::{self, MAX_SIZE, Square};
use super::variant::*;
use crate::error::{Diagnostic, Failure};

/// The smallest board a variant may have.
pub const MIN_SIZE: usize = 5;

const TOP_KEYS: &[&str] = &[
    "id",
    "name",
    "size",
    "first",
    "escape",
    "setup",
    "theme",
    "encirclement",
    "repetition",
    "centre",
    "corners",
    "king",
    "draw_fort",
    "options",
    "no_move",
    "edge_shield_wall",
    "edge_fort",
];
const SPECIAL_KEYS: &[&str] = &["pass", "stop", "hostile_to", "hostile_when_occupied_to"];
const KING_KEYS: &[&str] = &[
    "armed",
    "anvil",
    "capture",
    "strength",
    "speed",
    "besieged_king_betrays_defender",
];
const FORT_KEYS: &[&str] = &["min_men"];
const OPTION_IDS: &[&str] = &["berserker", "shield-wall", "skilled-play"];

type Entry<'t, 'i> = (&'t Spanned<DeString<'i>>, &'t Spanned<DeValue<'i>>);

/// The closest of `known` to `word`, when it is close enough to suggest.
pub fn did_you_mean<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    known
        .iter()
        .map(|k| (strsim::jaro_winkler(word, k), *k))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

fn suggestion(word: &str, known: &[&str]) -> String {
    match did_you_mean(word, known) {
        Some(k) => format!(" (did you mean '{k}'?)"),
        None => format!(" (known: {})", known.join(", ")),
    }
}

struct Reader<'a> {
    source: &'a str,
    text: &'a str,
    diags: Vec<Diagnostic>,
}

impl<'a> Reader<'a> {
    fn locate(&self, d: Diagnostic, offset: usize) -> Diagnostic {
        let (l, c) = line_col(self.text, offset);
        d.at(l, c)
    }
    fn error(&mut self, offset: usize, msg: impl Into<String>) {
        let d = self.locate(Diagnostic::error(self.source, msg), offset);
        self.diags.push(d);
    }
    fn warn(&mut self, offset: usize, msg: impl Into<String>) {
        let d = self.locate(Diagnostic::warning(self.source, msg), offset);
        self.diags.push(d);
    }
    fn has_errors(&self) -> bool {
        self.diags.iter().any(Diagnostic::is_error)
    }

    fn unknown_keys(&mut self, table: &DeTable<'_>, known: &[&str], within: &str) {
        for (k, _) in table.iter() {
            let key: &str = k.get_ref();
            if !known.contains(&key) {
                let msg = format!("unknown key '{key}'{within}{}", suggestion(key, known));
                self.error(k.span().start, msg);
            }
        }
    }

    fn string<'t>(
        &mut self,
        e: Option<Entry<'t, '_>>,
        what: &str,
    ) -> Option<(&'t str, Range<usize>)> {
        let (k, v) = e?;
        match v.get_ref().as_str() {
            Some(s) => Some((s, v.span())),
            None => {
                let msg = format!(
                    "'{}' must be text in quotes ({what}), not {}",
                    k.get_ref().as_ref() as &str,
                    v.get_ref().type_str()
                );
                self.error(v.span().start, msg);
                None
            }
        }
    }

    fn bool(&mut self, e: Option<Entry<'_, '_>>) -> Option<bool> {
        let (k, v) = e?;
        match v.get_ref().as_bool() {
            Some(b) => Some(b),
            None => {
                let msg = format!(
                    "'{}' must be true or false, not {}",
                    k.get_ref().as_ref() as &str,
                    v.get_ref().type_str()
                );
                self.error(v.span().start, msg);
                None
            }
        }
    }

    fn integer(&mut self, e: Option<Entry<'_, '_>>) -> Option<(i64, Range<usize>)> {
        let (k, v) = e?;
        let n = v
            .get_ref()
            .as_integer()
            .and_then(|i| i64::from_str_radix(i.as_str(), i.radix()).ok());
        match n {
            Some(n) => Some((n, v.span())),
            None => {
                let msg = format!(
                    "'{}' must be a whole number, not {}",
                    k.get_ref().as_ref() as &str,
                    v.get_ref().type_str()
                );
                self.error(v.span().start, msg);
                None
            }
        }
    }

    /// A string that must be one of `choices`.
    fn choice<T: Copy>(&mut self, e: Option<Entry<'_, '_>>, choices: &[(&str, T)]) -> Option<T> {
        let names: Vec<&str> = choices.iter().map(|c| c.0).collect();
        let list = names
            .iter()
            .map(|n| format!("\"{n}\""))
            .collect::<Vec<_>>()
            .join(", ");
        let key = e.map(|(k, _)| k.get_ref().to_string()).unwrap_or_default();
        let (s, span) = self.string(e, &format!("one of {list}"))?;
        match choices.iter().find(|c| c.0 == s) {
            Some(c) => Some(c.1),
            None => {
                let msg = format!(
                    "'{key}' must be one of {list}, not \"{s}\"{}",
                    match did_you_mean(s, &names) {
                        Some(k) => format!(" (did you mean \"{k}\"?)"),
                        None => String::new(),
                    }
                );
                self.error(span.start, msg);
                None
            }
        }
    }

    fn table<'t, 'i>(&mut self, e: Option<Entry<'t, 'i>>) -> Option<(&'t DeTable<'i>, usize)> {
        let (k, v) = e?;
        match v.get_ref().as_table() {
            Some(t) => Some((t, k.span().start)),
            None => {
                let msg = format!(
                    "'{}' must be a table ([{}] followed by its keys), not {}",
                    k.get_ref().as_ref() as &str,
                    k.get_ref().as_ref() as &str,
                    v.get_ref().type_str()
                );
                self.error(v.span().start, msg);
                None
            }
        }
    }

    fn missing(&mut self, key: &str, what: &str) {
        self.error(0, format!("missing key '{key}' ({what})"));
    }
}

fn get<'t, 'i>(table: &'t DeTable<'i>, key: &str) -> Option<Entry<'t, 'i>> {
    table.iter().find(|(k, _)| {
        let s: &str = k.get_ref();
        s == key
    })
}

const ACCESS: &[(&str, Access)] = &[
    ("everyone", Access::Everyone),
    ("king", Access::KingOnly),
    ("nobody", Access::Nobody),
];

fn special(rd: &mut Reader<'_>, t: &DeTable<'_>, name: &str) -> SpecialSquare {
    rd.unknown_keys(t, SPECIAL_KEYS, &format!(" in [{name}]"));
    let pass = rd
        .choice(get(t, "pass"), ACCESS)
        .unwrap_or(Access::Everyone);
    let stop = rd
        .choice(get(t, "stop"), ACCESS)
        .unwrap_or(Access::KingOnly);
    let mut s = SpecialSquare {
        pass,
        stop,
        ..SpecialSquare::DEFAULT
    };
    for (who, on) in targets(rd, get(t, "hostile_to"), true) {
        match who {
            Piece::Attacker => s.hostile_to_attackers = on,
            Piece::Defender => s.hostile_to_defenders = on,
            Piece::King => s.hostile_to_king = on,
        }
    }
    for (who, on) in targets(rd, get(t, "hostile_when_occupied_to"), false) {
        match who {
            Piece::Attacker => s.occupied_hostile_to_attackers = on,
            _ => s.occupied_hostile_to_defenders = on,
        }
    }
    s
}

/// A list of whom a square is hostile to: "attackers", "defenders" and,
/// where `king` is allowed, "king".
fn targets(rd: &mut Reader<'_>, e: Option<Entry<'_, '_>>, king: bool) -> Vec<(Piece, bool)> {
    let Some((k, v)) = e else {
        return Vec::new();
    };
    let key: &str = k.get_ref();
    let names = if king {
        "\"attackers\", \"defenders\", \"king\""
    } else {
        "\"attackers\", \"defenders\""
    };
    let Some(items) = v.get_ref().as_array() else {
        let msg = format!("'{key}' must be a list of {names} (or [])");
        rd.error(v.span().start, msg);
        return Vec::new();
    };
    let mut out = Vec::new();
    for item in items.iter() {
        match item.get_ref().as_str() {
            Some("attackers") => out.push((Piece::Attacker, true)),
            Some("defenders") => out.push((Piece::Defender, true)),
            Some("king") if king => out.push((Piece::King, true)),
            _ => rd.error(item.span().start, format!("'{key}' lists {names}")),
        }
    }
    out
}

/// Where the setup string's text starts in the file, when every character
/// of the decoded string sits at the same offset in the file (no escapes,
/// no line-ending changes).
fn setup_origin(text: &str, span: &Range<usize>, decoded: &str) -> Option<usize> {
    let raw = text.get(span.clone())?;
    let mut start = span.start;
    if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
        start += 3;
        let rest = text.get(start..)?;
        if rest.starts_with("\r\n") {
            start += 2;
        } else if rest.starts_with('\n') {
            start += 1;
        }
    } else {
        start += 1;
    }
    (text.get(start..start + decoded.len())? == decoded).then_some(start)
}

/// Parses and checks a variant file. `source` names it in messages.
/// Warnings come back with the variant; any error fails with every
/// problem found.
pub fn parse(source: &str, bytes: &[u8]) -> Result<(Variant, Vec<Diagnostic>), Failure> {
    let fail = |msg: String| Err(Failure::new(Diagnostic::error(source, msg)));
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return fail(
            "the file is empty: a variant file needs id, name, size, first, escape and setup"
                .into(),
        );
    }
    if bytes.contains(&0) {
        return fail("this is a binary file, not a variant file (TOML text)".into());
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let col = good.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
            return Err(Failure::new(
                Diagnostic::error(
                    source,
                    "the file is not UTF-8 text; save it as UTF-8 (invalid byte here)",
                )
                .at(line, col),
            ));
        }
    };
    let doc = match DeTable::parse(text) {
        Ok(d) => d,
        Err(e) => {
            let mut d =
                Diagnostic::error(source, format!("not valid TOML: {}", e.message().trim()));
            if let Some(span) = e.span() {
                let (l, c) = line_col(text, span.start);
                d = d.at(l, c);
            }
            return Err(Failure::new(d));
        }
    };
    let mut rd = Reader {
        source,
        text,
        diags: Vec::new(),
    };
    let variant = read(&mut rd, doc.get_ref());
    let mut diags = rd.diags;
    diags.sort_by_key(|d| (d.line, d.column));
    match variant {
        Some(v) if !diags.iter().any(Diagnostic::is_error) => Ok((v, diags)),
        _ => Err(Failure::many(diags)),
    }
}

fn read(rd: &mut Reader<'_>, t: &DeTable<'_>) -> Option<Variant> {
    rd.unknown_keys(t, TOP_KEYS, "");

    let id = rd
        .string(get(t, "id"), "the variant's id")
        .map(|(s, span)| {
            let ok = !s.is_empty()
                && !s.starts_with('-')
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if !ok {
                rd.error(
                    span.start,
                    format!("id \"{s}\" may hold only lowercase letters, digits and '-'"),
                );
            }
            s.to_string()
        });
    if get(t, "id").is_none() {
        rd.missing(
            "id",
            "lowercase letters, digits and '-', e.g. id = \"my-variant\"",
        );
    }
    let name = rd
        .string(get(t, "name"), "the variant's name")
        .map(|(s, span)| {
            if s.trim().is_empty() {
                rd.error(span.start, "the name is empty");
            }
            s.to_string()
        });
    if get(t, "name").is_none() {
        rd.missing("name", "e.g. name = \"My Variant\"");
    }
    let size = match rd.integer(get(t, "size")) {
        Some((n, span)) => {
            if n < MIN_SIZE as i64 || n > MAX_SIZE as i64 {
                rd.error(
                    span.start,
                    format!("size {n} is out of range: a board has {MIN_SIZE} to {MAX_SIZE} squares a side"),
                );
                None
            } else {
                Some(n as usize)
            }
        }
        None => {
            if get(t, "size").is_none() {
                rd.missing("size", "squares a side, e.g. size = 9");
            }
            None
        }
    };
    let sides = [
        ("attackers", Side::Attackers),
        ("defenders", Side::Defenders),
    ];
    let first = rd.choice(get(t, "first"), &sides);
    if get(t, "first").is_none() {
        rd.missing("first", "who moves first: \"attackers\" or \"defenders\"");
    }
    let escape = rd.choice(
        get(t, "escape"),
        &[("edge", Escape::Edge), ("corner", Escape::Corner)],
    );
    if get(t, "escape").is_none() {
        rd.missing("escape", "where the king escapes: \"edge\" or \"corner\"");
    }
    let theme = rd
        .string(get(t, "theme"), "a theme id")
        .map(|(s, _)| s.to_string());
    let encirclement = rd.bool(get(t, "encirclement")).unwrap_or(false);
    let repetition = if get(t, "repetition").is_some() {
        rd.choice(
            get(t, "repetition"),
            &[
                ("none", Repetition::None),
                ("third-loses", Repetition::ThirdLoses),
                ("third-forbidden", Repetition::ThirdForbidden),
                ("no-return", Repetition::NoReturn),
                ("third-attackers-win", Repetition::ThirdAttackersWin),
                ("third-draws", Repetition::ThirdDraws),
            ],
        )
        .unwrap_or(Repetition::None)
    } else {
        Repetition::None
    };

    let no_move = rd
        .choice(
            get(t, "no_move"),
            &[("loses", NoMove::Loses), ("draw", NoMove::Draws)],
        )
        .unwrap_or(NoMove::Loses);
    let edge_shield_wall = rd.bool(get(t, "edge_shield_wall")).unwrap_or(false);
    let edge_fort = rd.bool(get(t, "edge_fort")).unwrap_or(false);
    if edge_fort
        && escape == Some(Escape::Edge)
        && let Some((_, v)) = get(t, "edge_fort")
    {
        rd.error(
            v.span().start,
            "edge_fort needs escape = \"corner\": with escape = \"edge\" a king on the edge has already won",
        );
    }

    let centre_entry = get(t, "centre");
    let centre = rd.table(centre_entry).map(|(ct, at)| {
        if let Some(n) = size
            && n % 2 == 0
        {
            rd.error(
                at,
                format!("a {n}×{n} board has no single centre square: [centre] needs an odd size"),
            );
        }
        special(rd, ct, "centre")
    });
    let corners = rd.table(get(t, "corners")).map(|(ct, at)| {
        let c = special(rd, ct, "corners");
        if escape == Some(Escape::Corner) && c.stop == Access::Nobody {
            rd.error(
                at,
                "escape = \"corner\", but no piece may stop on a corner: the king could never escape",
            );
        }
        c
    });

    let mut king = KingRules {
        armed: false,
        anvil: false,
        capture: KingCapture::FourSides,
        strength: KingStrength::Strong,
        speed: None,
        besieged_king_betrays_defender: false,
    };
    let mut corner_escape_warning = None;
    if escape == Some(Escape::Corner)
        && corners.is_some_and(|c| c.stop == Access::Everyone)
        && let Some((k, _)) = get(t, "corners")
    {
        corner_escape_warning = Some(k.span().start);
    }
    if let Some((kt, _)) = rd.table(get(t, "king")) {
        rd.unknown_keys(kt, KING_KEYS, " in [king]");
        king.armed = rd.bool(get(kt, "armed")).unwrap_or(false);
        king.anvil = rd.bool(get(kt, "anvil")).unwrap_or(king.armed);
        if let Some(c) = rd.choice(
            get(kt, "capture"),
            &[
                ("four-sides", KingCapture::FourSides),
                ("three-beside-centre", KingCapture::FourOrThreeBesideCentre),
            ],
        ) {
            king.capture = c;
            if c == KingCapture::FourOrThreeBesideCentre
                && centre.is_none()
                && let Some((_, v)) = get(kt, "capture")
            {
                rd.error(
                    v.span().start,
                    "\"three-beside-centre\" needs a centre square: add a [centre] table",
                );
            }
        }
        if let Some(s) = rd.choice(
            get(kt, "strength"),
            &[
                ("strong", KingStrength::Strong),
                ("strong-by-centre", KingStrength::StrongByCentre),
                ("weak", KingStrength::Weak),
            ],
        ) {
            king.strength = s;
            if let Some((_, v)) = get(kt, "strength") {
                if s == KingStrength::StrongByCentre && centre.is_none() {
                    rd.error(
                        v.span().start,
                        "\"strong-by-centre\" needs a centre square: add a [centre] table",
                    );
                }
                if s == KingStrength::Weak
                    && king.capture != KingCapture::FourSides
                    && let Some((_, c)) = get(kt, "capture")
                {
                    rd.error(
                        c.span().start,
                        "'capture' says how a strong king is taken, but strength = \"weak\": remove 'capture' or make the king stronger",
                    );
                }
            }
        }
        match rd.integer(get(kt, "speed")) {
            Some((n, _)) if (1..=MAX_SIZE as i64).contains(&n) => king.speed = Some(n as u32),
            Some((n, span)) => rd.error(
                span.start,
                format!("speed {n}: the king moves at least 1 square (leave 'speed' out for any distance)"),
            ),
            None => {}
        }
        if let Some(b) = rd.bool(get(kt, "besieged_king_betrays_defender")) {
            king.besieged_king_betrays_defender = b;
            if b && centre.is_none()
                && let Some((_, v)) = get(kt, "besieged_king_betrays_defender")
            {
                rd.error(
                    v.span().start,
                    "the besieged-king rule is about the king in the centre square: add a [centre] table",
                );
            }
        }
    }

    let mut fort_span = None;
    let draw_fort = rd.table(get(t, "draw_fort")).and_then(|(ft, at)| {
        rd.unknown_keys(ft, FORT_KEYS, " in [draw_fort]");
        fort_span = Some(at);
        match rd.integer(get(ft, "min_men")) {
            Some((n, span)) if !(0..=10_000).contains(&n) => {
                rd.error(span.start, "min_men must be 0 or more");
                None
            }
            Some((n, _)) => Some(DrawFort { min_men: n as u32 }),
            None => {
                if get(ft, "min_men").is_none() {
                    rd.error(at, "[draw_fort] needs min_men, e.g. min_men = 5");
                }
                None
            }
        }
    });

    let mut options = Vec::new();
    if let Some((ot, _)) = rd.table(get(t, "options")) {
        for (k, v) in ot.iter() {
            let oid: &str = k.get_ref();
            if !OPTION_IDS.contains(&oid) {
                let msg = format!(
                    "unknown optional rule '{oid}'{}",
                    suggestion(oid, OPTION_IDS)
                );
                rd.error(k.span().start, msg);
                continue;
            }
            let Some(body) = v.get_ref().as_table() else {
                rd.error(
                    v.span().start,
                    format!("[options.{oid}] must be a table with 'enabled = true/false'"),
                );
                continue;
            };
            let known: &[&str] = if oid == "skilled-play" {
                &["enabled", "turn_limit"]
            } else {
                &["enabled"]
            };
            rd.unknown_keys(body, known, &format!(" in [options.{oid}]"));
            let enabled = rd.bool(get(body, "enabled")).unwrap_or(false);
            let rule = match oid {
                "berserker" => OptionalRule::Berserker,
                "shield-wall" => OptionalRule::ShieldWall,
                _ => {
                    let limit = match rd.integer(get(body, "turn_limit")) {
                        Some((n, _)) if (1..=999).contains(&n) => n as u32,
                        Some((_, span)) => {
                            rd.error(span.start, "turn_limit must be between 1 and 999 turns");
                            30
                        }
                        None => 30,
                    };
                    OptionalRule::SkilledPlay { turn_limit: limit }
                }
            };
            options.push(RuleOption {
                id: oid.to_string(),
                rule,
                enabled,
            });
        }
        // Keep the documented order whatever the file's order.
        options.sort_by_key(|o| OPTION_IDS.iter().position(|i| *i == o.id));
    }

    // Setup: only once the size is known.
    let setup_entry = get(t, "setup");
    if setup_entry.is_none() {
        rd.missing("setup", "the start position, rows top to bottom");
    }
    let setup = rd.string(setup_entry, "the start position, rows top to bottom");
    let (id, name, size, first, escape, (setup_text, setup_span)) =
        match (id, name, size, first, escape, setup) {
            (Some(a), Some(b), Some(c), Some(d), Some(e), Some(f)) => (a, b, c, d, e, f),
            _ => return None,
        };
    let origin = setup_origin(rd.text, &setup_span, setup_text);
    let at = |offset: usize| origin.map_or(setup_span.start, |o| o + offset);

    let rows = match notation::parse_rows(setup_text) {
        Ok(rows) => rows,
        Err((offset, msg)) => {
            rd.error(at(offset), msg);
            return None;
        }
    };
    let mut shape_ok = true;
    if rows.len() != size {
        shape_ok = false;
        let offset = rows.get(size).map_or(setup_span.start, |r| at(r.offset));
        rd.error(
            offset,
            format!(
                "the setup has {} rows, but size = {size} needs {size}",
                rows.len()
            ),
        );
    }
    for (i, row) in rows.iter().enumerate() {
        if row.cells.len() != size {
            shape_ok = false;
            let offset = row.cells.get(size).map_or(row.end, |c| c.offset);
            rd.error(
                at(offset),
                format!(
                    "setup row {} has {} cells, but the board is {size} squares wide",
                    i + 1,
                    row.cells.len()
                ),
            );
        }
    }
    if !shape_ok {
        return None;
    }
    let board: Vec<Vec<Option<Piece>>> = rows
        .iter()
        .map(|r| r.cells.iter().map(|c| c.piece).collect())
        .collect();
    let cell_at = |row: usize, file: usize| rows[row].cells[file].offset;
    let square = |row: usize, file: usize| Square::new(file as u8, (size - 1 - row) as u8);

    let variant = Variant {
        id,
        name,
        size,
        first,
        escape,
        setup: board,
        centre,
        corners,
        king,
        encirclement,
        repetition,
        no_move,
        edge_shield_wall,
        edge_fort,
        draw_fort,
        options,
        default_theme: theme,
    };
    if rd.has_errors() {
        return None;
    }
    if let Some(at) = corner_escape_warning {
        rd.warn(
            at,
            "escape = \"corner\" and any piece may stop on a corner: an attacker parked in a corner blocks that escape for good (stop = \"king\" prevents it)",
        );
    }
    check_setup(
        rd,
        &variant,
        &|r, f| at(cell_at(r, f)),
        &square,
        setup_span.start,
        fort_span,
    );
    Some(variant)
}

/// The setup checks of `variants.md` on a variant whose setup has the
/// right shape. `cell` gives the file offset of a setup cell.
fn check_setup(
    rd: &mut Reader<'_>,
    v: &Variant,
    cell: &dyn Fn(usize, usize) -> usize,
    square: &dyn Fn(usize, usize) -> Square,
    setup_at: usize,
    fort_at: Option<usize>,
) {
    let n = v.size;
    let game = Game::new(v);
    let mut kings = Vec::new();
    let (mut attackers, mut defenders) = (0, 0);
    for (r, row) in v.setup.iter().enumerate() {
        for (f, p) in row.iter().enumerate() {
            match p {
                Some(Piece::King) => kings.push((r, f)),
                Some(Piece::Attacker) => attackers += 1,
                Some(Piece::Defender) => defenders += 1,
                None => {}
            }
            if let Some(p) = p
                && *p != Piece::King
                && game.only_king_may_stop(square(r, f))
            {
                let who = if *p == Piece::Attacker {
                    "an attacker"
                } else {
                    "a defender"
                };
                rd.error(
                    cell(r, f),
                    format!(
                        "{who} stands on {}, a square only the king may enter",
                        square(r, f)
                    ),
                );
            }
        }
    }
    match kings.len() {
        0 => rd.error(setup_at, "the setup has no king: put one K on the board"),
        1 => {}
        _ => {
            for &(r, f) in &kings[1..] {
                rd.error(
                    cell(r, f),
                    format!(
                        "a second king on {}: a setup has exactly one king",
                        square(r, f)
                    ),
                );
            }
        }
    }
    if attackers == 0 {
        rd.error(setup_at, "the setup has no attackers (A)");
    }
    if defenders == 0 {
        rd.error(setup_at, "the setup has no defenders (D) besides the king");
    }
    if let (Some(c), [(kr, kf)]) = (v.centre, kings.as_slice())
        && c.stop != Access::Everyone
        && n % 2 == 1
    {
        let centre = Square::new((n / 2) as u8, (n / 2) as u8);
        let ksq = square(*kr, *kf);
        if ksq != centre {
            rd.error(
                cell(*kr, *kf),
                format!("the king must start on the centre square {centre}, not on {ksq}"),
            );
        }
    }
    if rd.has_errors() {
        return;
    }
    let (kr, kf) = kings[0];
    let ksq = square(kr, kf);
    if game.is_escape_square(ksq) {
        let place = match v.escape {
            Escape::Edge => "an edge square",
            Escape::Corner => "a corner",
        };
        rd.error(
            cell(kr, kf),
            format!("the king starts on {ksq}, {place} it escapes to: the game would be over before it began"),
        );
    } else if game.king_is_surrounded() {
        rd.error(
            cell(kr, kf),
            format!("the king on {ksq} starts already captured"),
        );
    } else if v.encirclement && game.is_encircled() {
        rd.error(
            setup_at,
            "the attackers already encircle every defender: the game would be over before it began",
        );
    } else if !game.side_to_move_can_move() {
        rd.error(
            setup_at,
            format!("the {} move first but have no legal move", game.to_move()),
        );
    }
    if rd.has_errors() {
        return;
    }
    // Warnings: unusual but legal.
    let mirror_lr = v.setup.iter().all(|row| row.iter().eq(row.iter().rev()));
    let mirror_tb = v.setup.iter().eq(v.setup.iter().rev());
    if !mirror_lr || !mirror_tb {
        rd.warn(
            setup_at,
            "the layout is not symmetric (left to right and top to bottom); one side may have an advantage",
        );
    }
    if attackers != 2 * defenders {
        rd.warn(
            setup_at,
            format!(
                "{attackers} attackers against {defenders} defenders: tafl games usually give the attackers twice as many"
            ),
        );
    }
    if let (Some(fort), Some(at)) = (v.draw_fort, fort_at)
        && fort.min_men as usize > defenders
    {
        rd.warn(
            at,
            format!(
                "min_men = {} is more than the {defenders} defenders in the setup: the draw-fort rule can never apply",
                fort.min_men
            ),
        );
    }
}
