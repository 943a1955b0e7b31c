//! Reading a variant file. Its format is the structs below, read with
//! serde through [`crate::diagnostics::toml`], so every problem is reported
//! at the line and column of the key, value or setup cell that causes it,
//! and all problems at once. The fixed core keys are those of `kit.md`; the
//! rule keys are documented in `docs/variants.md`.
//!
//! Adding a key is adding a [`Field`] to one of the `*File` structs (serde
//! then knows it, and "did you mean" suggests it) and reading it in
//! [`read`].

use serde::Deserialize;

use super::engine::Game;
use super::notation::{self, MAX_SIZE, Square};
use super::variant::*;
use crate::diagnostics::toml::{At, Field};
use crate::diagnostics::{self, Diagnostic, Failure, SourceFile};

/// The smallest board a variant may have.
pub const MIN_SIZE: usize = 5;

/// A variant file as written. Every key may be absent here; which ones are
/// required is checked in [`read`], which says what to write.
#[derive(Deserialize, Default)]
#[serde(default)]
struct VariantFile {
    id: Field<String>,
    name: Field<String>,
    size: Field<i64>,
    first: Field<Side>,
    escape: Field<Escape>,
    setup: Field<String>,
    theme: Field<String>,
    encirclement: Field<bool>,
    repetition: Field<Repetition>,
    no_move: Field<NoMove>,
    edge_shield_wall: Field<bool>,
    edge_fort: Field<bool>,
    centre: Field<SpecialFile>,
    corners: Field<SpecialFile>,
    king: Field<KingFile>,
    draw_fort: Field<FortFile>,
    options: Field<OptionsFile>,
}

/// `[centre]` and `[corners]`.
#[derive(Deserialize, Default)]
#[serde(default)]
struct SpecialFile {
    pass: Field<Access>,
    stop: Field<Access>,
    hostile_to: Field<Vec<Target>>,
    hostile_when_occupied_to: Field<Vec<Side>>,
}

/// Whom a special square may be hostile to.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum Target {
    Attackers,
    Defenders,
    King,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct KingFile {
    armed: Field<bool>,
    anvil: Field<bool>,
    capture: Field<KingCapture>,
    strength: Field<KingStrength>,
    speed: Field<i64>,
    besieged_king_betrays_defender: Field<bool>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct FortFile {
    min_men: Field<i64>,
}

/// `[options.ID]`, in the documented order.
#[derive(Deserialize, Default)]
#[serde(default)]
struct OptionsFile {
    berserker: Field<Switch>,
    #[serde(rename = "shield-wall")]
    shield_wall: Field<Switch>,
    #[serde(rename = "skilled-play")]
    skilled_play: Field<SkilledPlayFile>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Switch {
    enabled: Field<bool>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SkilledPlayFile {
    enabled: Field<bool>,
    turn_limit: Field<i64>,
}

/// The closest of `known` to `word`, when it is close enough to suggest.
pub fn did_you_mean<'k>(word: &str, known: &[&'k str]) -> Option<&'k str> {
    diagnostics::did_you_mean(word, known)
}

struct Reader<'a> {
    file: SourceFile<'a>,
    diags: Vec<Diagnostic>,
}

impl Reader<'_> {
    fn error(&mut self, offset: usize, msg: impl Into<String>) {
        let d = self.file.error(offset, msg);
        self.diags.push(d);
    }
    fn warn(&mut self, offset: usize, msg: impl Into<String>) {
        let d = self.file.warning(offset, msg);
        self.diags.push(d);
    }
    fn has_errors(&self) -> bool {
        self.diags.iter().any(Diagnostic::is_error)
    }
    /// A required key's value; reports it missing (with an example) when
    /// the file does not have it.
    fn required<'f, T>(&mut self, f: &'f Field<T>, key: &str, example: &str) -> Option<&'f At<T>> {
        if f.is_absent() {
            let d = Diagnostic::error(self.file.label, format!("missing key '{key}'"))
                .with_hint(example.to_string());
            self.diags.push(d);
        }
        f.given()
    }
}

/// The `theme` key names a built-in theme (any case): never a folder,
/// which would be looked for relative to wherever the command runs.
fn builtin_theme(rd: &mut Reader<'_>, at: &At<String>) -> Option<String> {
    let ids = crate::theme::Theme::builtin_ids();
    if let Some(id) = ids.iter().find(|id| id.eq_ignore_ascii_case(&at.value)) {
        return Some((*id).to_string());
    }
    let mut d = rd.file.error(
        at.span.start,
        format!(
            "'theme' must be a built-in theme id ({}), not \"{}\"; a theme folder is given with --theme",
            ids.join(", "),
            diagnostics::excerpt(&at.value)
        ),
    );
    if let Some(k) = did_you_mean(&at.value, ids) {
        d = d.with_hint(format!("did you mean \"{k}\"?"));
    }
    rd.diags.push(d);
    None
}

fn special(f: &SpecialFile) -> SpecialSquare {
    let hostile = f.hostile_to.value().cloned().unwrap_or_default();
    let occupied = f
        .hostile_when_occupied_to
        .value()
        .cloned()
        .unwrap_or_default();
    SpecialSquare {
        pass: f.pass.value().copied().unwrap_or(Access::Everyone),
        stop: f.stop.value().copied().unwrap_or(Access::KingOnly),
        hostile_to_attackers: hostile.contains(&Target::Attackers),
        hostile_to_defenders: hostile.contains(&Target::Defenders),
        hostile_to_king: hostile.contains(&Target::King),
        occupied_hostile_to_attackers: occupied.contains(&Side::Attackers),
        occupied_hostile_to_defenders: occupied.contains(&Side::Defenders),
    }
}

/// Where the setup string's text starts in the file, when every character
/// of the decoded string sits at the same offset in the file (no escapes,
/// no line-ending changes).
fn setup_origin(text: &str, span: &std::ops::Range<usize>, decoded: &str) -> Option<usize> {
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
    let text = diagnostics::text_of(
        source,
        bytes,
        "a variant file needs id, name, size, first, escape and setup",
    )?;
    let file = SourceFile {
        label: source,
        text,
    };
    let (doc, diags) = diagnostics::toml::read::<VariantFile>(file)?;
    let mut rd = Reader { file, diags };
    let variant = read(&mut rd, &doc);
    let mut diags = rd.diags;
    diags.sort_by_key(|d| (d.line, d.column));
    match variant {
        Some(v) if !diags.iter().any(Diagnostic::is_error) => Ok((v, diags)),
        _ => Err(Failure::many(diags)),
    }
}

fn read(rd: &mut Reader<'_>, f: &VariantFile) -> Option<Variant> {
    let id = rd
        .required(
            &f.id,
            "id",
            "lowercase letters, digits and '-', e.g. id = \"my-variant\"",
        )
        .map(|at| {
            let s = &at.value;
            let ok = !s.is_empty()
                && !s.starts_with('-')
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            if !ok {
                rd.error(
                    at.span.start,
                    format!("id \"{s}\" may hold only lowercase letters, digits and '-'"),
                );
            }
            s.clone()
        });
    let name = rd
        .required(&f.name, "name", "e.g. name = \"My Variant\"")
        .map(|at| {
            // The name is printed on the kit and the terminal.
            diagnostics::one_line(&at.value, "name").unwrap_or_else(|m| {
                rd.error(at.span.start, m);
                at.value.clone()
            })
        });
    let size = rd
        .required(&f.size, "size", "squares a side, e.g. size = 9")
        .and_then(|at| {
            let n = at.value;
            if n < MIN_SIZE as i64 || n > MAX_SIZE as i64 {
                rd.error(
                    at.span.start,
                    format!("size {n} is out of range: a board has {MIN_SIZE} to {MAX_SIZE} squares a side"),
                );
                None
            } else {
                Some(n as usize)
            }
        });
    let first = rd
        .required(
            &f.first,
            "first",
            "who moves first: \"attackers\" or \"defenders\"",
        )
        .map(|at| at.value);
    let escape = rd
        .required(
            &f.escape,
            "escape",
            "where the king escapes: \"edge\" or \"corner\"",
        )
        .map(|at| at.value);
    let theme = f.theme.given().and_then(|at| builtin_theme(rd, at));
    let encirclement = f.encirclement.value().copied().unwrap_or(false);
    let repetition = f.repetition.value().copied().unwrap_or(Repetition::None);
    let no_move = f.no_move.value().copied().unwrap_or(NoMove::Loses);
    let edge_shield_wall = f.edge_shield_wall.value().copied().unwrap_or(false);
    let edge_fort = f.edge_fort.value().copied().unwrap_or(false);
    if let Some(at) = f.edge_fort.given()
        && at.value
        && escape == Some(Escape::Edge)
    {
        rd.error(
            at.span.start,
            "edge_fort needs escape = \"corner\": with escape = \"edge\" a king on the edge has already won",
        );
    }

    let centre = f.centre.given().map(|at| {
        if let Some(n) = size
            && n % 2 == 0
        {
            rd.error(
                at.key.start,
                format!("a {n}×{n} board has no single centre square: [centre] needs an odd size"),
            );
        }
        special(&at.value)
    });
    let mut corner_warning = None;
    let corners = f.corners.given().map(|at| {
        let c = special(&at.value);
        if escape == Some(Escape::Corner) && c.stop == Access::Nobody {
            rd.error(
                at.key.start,
                "escape = \"corner\", but no piece may stop on a corner: the king could never escape",
            );
        }
        if escape == Some(Escape::Corner) && c.stop == Access::Everyone {
            corner_warning = Some(at.key.start);
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
    if let Some(k) = f.king.value() {
        king.armed = k.armed.value().copied().unwrap_or(false);
        king.anvil = k.anvil.value().copied().unwrap_or(king.armed);
        if let Some(at) = k.capture.given() {
            king.capture = at.value;
            if at.value == KingCapture::FourOrThreeBesideCentre && centre.is_none() {
                rd.error(
                    at.span.start,
                    "\"three-beside-centre\" needs a centre square: add a [centre] table",
                );
            }
        }
        if let Some(at) = k.strength.given() {
            king.strength = at.value;
            if at.value == KingStrength::StrongByCentre && centre.is_none() {
                rd.error(
                    at.span.start,
                    "\"strong-by-centre\" needs a centre square: add a [centre] table",
                );
            }
            if let (KingStrength::Weak, Some(c)) = (at.value, k.capture.given())
                && c.value != KingCapture::FourSides
            {
                rd.error(
                    c.span.start,
                    "'capture' says how a strong king is taken, but strength = \"weak\": remove 'capture' or make the king stronger",
                );
            }
        }
        if let Some(at) = k.speed.given() {
            if (1..=MAX_SIZE as i64).contains(&at.value) {
                king.speed = Some(at.value as u32);
            } else {
                rd.error(
                    at.span.start,
                    format!(
                        "speed {}: the king moves 1 to {MAX_SIZE} squares at a time (leave 'speed' out for any distance)",
                        at.value
                    ),
                );
            }
        }
        if let Some(at) = k.besieged_king_betrays_defender.given() {
            king.besieged_king_betrays_defender = at.value;
            if at.value && centre.is_none() {
                rd.error(
                    at.span.start,
                    "the besieged-king rule is about the king in the centre square: add a [centre] table",
                );
            }
        }
    }

    let fort_span = f.draw_fort.given().map(|at| at.key.start);
    let draw_fort = f
        .draw_fort
        .given()
        .and_then(|at| match at.value.min_men.given() {
            Some(n) if !(0..=10_000).contains(&n.value) => {
                rd.error(n.span.start, "'draw_fort.min_men' must be 0 or more");
                None
            }
            Some(n) => Some(DrawFort {
                min_men: n.value as u32,
            }),
            None => {
                if at.value.min_men.is_absent() {
                    rd.error(at.key.start, "[draw_fort] needs min_men, e.g. min_men = 5");
                }
                None
            }
        });

    let mut options = Vec::new();
    if let Some(o) = f.options.value() {
        let enabled = |s: &Field<bool>| s.value().copied().unwrap_or(false);
        if let Some(b) = o.berserker.value() {
            options.push(RuleOption {
                id: OptionalRule::Berserker.id().into(),
                rule: OptionalRule::Berserker,
                enabled: enabled(&b.enabled),
            });
        }
        if let Some(b) = o.shield_wall.value() {
            options.push(RuleOption {
                id: OptionalRule::ShieldWall.id().into(),
                rule: OptionalRule::ShieldWall,
                enabled: enabled(&b.enabled),
            });
        }
        if let Some(b) = o.skilled_play.value() {
            let turn_limit = match b.turn_limit.given() {
                Some(n) if (1..=999).contains(&n.value) => n.value as u32,
                Some(n) => {
                    rd.error(
                        n.span.start,
                        "'options.skilled-play.turn_limit' must be between 1 and 999 turns",
                    );
                    30
                }
                None => 30,
            };
            options.push(RuleOption {
                id: OptionalRule::SkilledPlay { turn_limit }.id().into(),
                rule: OptionalRule::SkilledPlay { turn_limit },
                enabled: enabled(&b.enabled),
            });
        }
    }

    // Setup: only once the size is known.
    let setup = rd.required(&f.setup, "setup", "the start position, rows top to bottom");
    let (id, name, size, first, escape, setup) = match (id, name, size, first, escape, setup) {
        (Some(a), Some(b), Some(c), Some(d), Some(e), Some(f)) => (a, b, c, d, e, f),
        _ => return None,
    };
    let (setup_text, setup_span) = (setup.value.as_str(), setup.span.clone());
    let origin = setup_origin(rd.file.text, &setup_span, setup_text);
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
    if let Some(at) = corner_warning {
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

/// The setup checks of `variants.md` on a variant read from another
/// format (an OTN rules string), every problem at `setup_at`.
pub(crate) fn check_setup_of(
    file: SourceFile<'_>,
    v: &Variant,
    setup_at: usize,
) -> Vec<Diagnostic> {
    let mut rd = Reader {
        file,
        diags: Vec::new(),
    };
    let n = v.size;
    let square = |r: usize, f: usize| Square::new(f as u8, (n - 1 - r) as u8);
    check_setup(&mut rd, v, &|_, _| setup_at, &square, setup_at, None);
    rd.diags
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
