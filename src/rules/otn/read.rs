//! Reading an OpenTafl rules string into a checked [`Variant`]. Every key
//! OTN defines is known; a value taflkit's rule model cannot play is an
//! error at its line and column naming the rule, never a silent guess.
//! Defaults are OTN's (notation spec, section 3).

use std::collections::BTreeMap;

use super::position::{self, Order};
use crate::diagnostics::{self, Diagnostic, Failure, SourceFile};
use crate::rules::file::MIN_SIZE;
use crate::rules::notation::{MAX_SIZE, Square};
use crate::rules::variant::*;

/// Every key of the OTN rules record.
const KEYS: &[&str] = &[
    "dim", "name", "esc", "surf", "atkf", "tfr", "ka", "ks", "kj", "nj", "cj", "mj", "gj", "spd",
    "cor", "cen", "afor", "dfor", "corh", "cenh", "cenhe", "aforh", "dforh", "corp", "cenp",
    "aforp", "dforp", "cors", "cens", "afors", "dfors", "corre", "cenre", "aforre", "dforre", "sw",
    "swf", "efe", "linc", "ber", "start", "starti",
];

/// Whether a file's text is an OTN rules string: its first word is `dim:`.
pub fn looks_like(text: &str) -> bool {
    text.trim_start().starts_with("dim:")
}

/// One `key:value` entry: the value and the offset where it starts.
#[derive(Clone, Copy)]
struct Entry<'t> {
    value: &'t str,
    at: usize,
}

struct Reader<'a> {
    file: SourceFile<'a>,
    diags: Vec<Diagnostic>,
    keys: BTreeMap<&'a str, Entry<'a>>,
}

impl<'a> Reader<'a> {
    fn error(&mut self, at: usize, msg: impl Into<String>) {
        let d = self.file.error(at, msg);
        self.diags.push(d);
    }

    /// Splits the text into entries (whitespace between them, as OTN
    /// allows over several lines), reporting unknown and repeated keys.
    fn split(&mut self) {
        let text = self.file.text;
        let mut start = None;
        for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    self.entry(s, &text[s..i]);
                    start = None;
                }
                _ => {}
            }
        }
    }

    fn entry(&mut self, at: usize, word: &'a str) {
        let Some((key, value)) = word.split_once(':') else {
            return self.error(
                at,
                format!("'{word}' is not a rule entry: OTN writes key:value, e.g. dim:11"),
            );
        };
        if !KEYS.contains(&key) {
            let hint = diagnostics::suggestion(key, KEYS, |k| format!("'{k}'"));
            let d = self
                .file
                .error(at, format!("unknown OTN rule '{key}'"))
                .with_hint(hint);
            return self.diags.push(d);
        }
        let e = Entry {
            value,
            at: at + key.len() + 1,
        };
        if self.keys.insert(key, e).is_some() {
            self.error(at, format!("'{key}' is given twice"));
        }
    }

    fn get(&self, key: &str) -> Option<Entry<'a>> {
        self.keys.get(key).copied()
    }

    /// A one-letter choice among `allowed`, or the default when absent.
    fn choice(&mut self, key: &str, allowed: &str, default: char, what: &str) -> char {
        let Some(e) = self.get(key) else {
            return default;
        };
        let mut chars = e.value.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if allowed.contains(c) => c,
            _ => {
                let opts: Vec<String> = allowed.chars().map(|c| format!("'{c}'")).collect();
                self.error(
                    e.at,
                    format!("{key}:{} — {what} is one of {}", e.value, opts.join(", ")),
                );
                default
            }
        }
    }

    fn yes_no(&mut self, key: &str, default: bool, what: &str) -> bool {
        self.choice(key, "yn", if default { 'y' } else { 'n' }, what) == 'y'
    }

    /// Refuses a key's value (the rule it sets has no place in taflkit).
    fn refuse(&mut self, key: &str, why: &str) {
        if let Some(e) = self.get(key) {
            self.error(e.at, format!("{key}:{} — {why}", e.value));
        }
    }
}

/// Who a piece-type list names: (attackers, defenders, king).
fn who(list: &str) -> Option<(bool, bool, bool)> {
    let mut w = (false, false, false);
    for c in list.chars() {
        match c {
            't' | 'c' | 'n' | 'k' | 'm' | 'g' => w.0 = true,
            'T' | 'C' | 'N' | 'M' | 'G' => w.1 = true,
            'K' => w.2 = true,
            _ => return None,
        }
    }
    Some(w)
}

/// A piece-type list, or `default` when the key is absent.
fn pieces(rd: &mut Reader<'_>, key: &str, default: &str) -> (bool, bool, bool) {
    let e = rd.get(key);
    let value = e.map_or(default, |e| e.value);
    who(value).unwrap_or_else(|| {
        let at = e.map_or(0, |e| e.at);
        rd.error(
            at,
            format!("{key}:{value} — a piece-type list holds only the letters tcnkmgTCNKMG"),
        );
        who(default).unwrap_or_default()
    })
}

/// A pass or stop list as an [`Access`].
fn access(rd: &mut Reader<'_>, key: &str, default: &str) -> Access {
    match pieces(rd, key, default) {
        (true, true, true) => Access::Everyone,
        (false, false, true) => Access::KingOnly,
        (false, false, false) => Access::Nobody,
        _ => {
            rd.refuse(key, "taflkit lets everyone, only the king, or nobody onto a special square, not one side");
            Access::Everyone
        }
    }
}

/// `cor`/`cen`: whether the special squares are there (`default` or the
/// very squares taflkit uses) or absent (empty list).
fn squares(rd: &mut Reader<'_>, key: &str, expected: &[Square]) -> bool {
    let Some(e) = rd.get(key) else {
        return true;
    };
    if e.value == "default" {
        return true;
    }
    let listed: Option<Vec<Square>> = e
        .value
        .split(',')
        .filter(|s| !s.is_empty())
        .map(Square::parse)
        .collect();
    let mut listed = match listed {
        Some(l) => l,
        None => {
            rd.error(
                e.at,
                format!(
                    "{key}:{} — a space list is squares like e5, each followed by ','",
                    e.value
                ),
            );
            return false;
        }
    };
    if listed.is_empty() {
        return false;
    }
    listed.sort();
    let mut expected = expected.to_vec();
    expected.sort();
    if listed != expected {
        let names: Vec<String> = expected.iter().map(Square::to_string).collect();
        rd.refuse(
            key,
            &format!(
                "taflkit's special squares are only the physical ones ({})",
                names.join(", ")
            ),
        );
    }
    true
}

/// The rules OTN can say that taflkit cannot play: each refused by name.
fn refuse_unplayable(rd: &mut Reader<'_>) {
    if rd.choice("kj", "nrjc", 'n', "king jumping") != 'n' {
        rd.refuse("kj", "a king that jumps: taflkit's king moves like a rook");
    }
    for key in ["afor", "dfor"] {
        if rd.get(key).is_some_and(|e| !e.value.is_empty()) {
            rd.refuse(
                key,
                "fortress squares: taflkit has only the centre and the corners",
            );
        }
    }
    for key in ["cenre", "corre"] {
        if pieces(rd, key, "tcnkmgTCNKMG") != (true, true, true) {
            rd.refuse(
                key,
                "a rule on re-entering a square: taflkit's squares say only who may pass and stop",
            );
        }
    }
    if rd.choice("sw", "nws", 'n', "the shield-wall mode") == 'w' {
        rd.refuse("sw", "weak shield walls (corners may not close one): taflkit's edge shield wall may be closed by a corner");
    }
    if !rd.yes_no("swf", true, "whether a shield wall needs a flanking move") {
        rd.refuse("swf", "shield walls taken without a flanking move: taflkit's edge shield wall is taken by the move that closes it");
    }
    if rd.choice("ber", "ncm", 'n', "the berserk mode") != 'n' {
        rd.refuse(
            "ber",
            "berserk moves: taflkit's nearest is the berserker option of a variant file",
        );
    }
    for key in ["nj", "cj", "mj", "gj"] {
        rd.choice(key, "nrjc", 'n', "a jump type");
    }
    for key in [
        "aforh", "dforh", "aforp", "dforp", "afors", "dfors", "aforre", "dforre",
    ] {
        pieces(rd, key, "");
    }
}

/// The king's speed from `spd` (only the defenders' king may be limited).
fn speed(rd: &mut Reader<'_>) -> Option<u32> {
    let e = rd.get("spd")?;
    let values: Option<Vec<i64>> = e.value.split(',').map(|s| s.parse().ok()).collect();
    let king = match values.as_deref() {
        Some([-1]) => return None,
        // Lists by piece type: tcnkmgTCNKMG, tcnkmTCNKM or tcnkTCNK.
        Some(l) if [12, 10, 8].contains(&l.len()) => {
            let k = [(12, 9), (10, 8), (8, 7)]
                .iter()
                .find(|(n, _)| *n == l.len())
                .map_or(0, |p| p.1);
            let others_free = l.iter().enumerate().all(|(i, &s)| i == k || s == -1);
            others_free.then_some(l[k])
        }
        _ => None,
    };
    match king {
        Some(-1) => None,
        Some(s) if s >= 1 && s <= MAX_SIZE as i64 => Some(s as u32),
        _ => {
            rd.refuse("spd", "speed limits: taflkit limits only the king's speed (spd lists with -1 for every other piece)");
            None
        }
    }
}

/// The special square of `cen`/`cor` and its lists, or `None` when the
/// rules string takes it away.
struct SpecialLists {
    pass: &'static str,
    stop: &'static str,
    hostile: &'static str,
    hostile_empty: &'static str,
}

fn special(rd: &mut Reader<'_>, prefix: &str, defaults: SpecialLists) -> SpecialSquare {
    let pass = access(rd, &format!("{prefix}p"), defaults.pass);
    let stop = access(rd, &format!("{prefix}s"), defaults.stop);
    let (ha, hd, hk) = pieces(rd, &format!("{prefix}he"), defaults.hostile_empty);
    let (oa, od, _) = pieces(rd, &format!("{prefix}h"), defaults.hostile);
    SpecialSquare {
        pass,
        stop,
        hostile_to_attackers: ha,
        hostile_to_defenders: hd,
        hostile_to_king: hk,
        occupied_hostile_to_attackers: oa,
        occupied_hostile_to_defenders: od,
    }
}

/// Parses and checks an OTN rules string. `source` names it in messages;
/// `id` is the variant id to give it (OTN has names, not ids).
pub fn read(source: &str, bytes: &[u8], id: &str) -> Result<(Variant, Vec<Diagnostic>), Failure> {
    let text = diagnostics::text_of(source, bytes, "an OTN rules string needs dim: and start:")?;
    let file = SourceFile {
        label: source,
        text,
    };
    let mut rd = Reader {
        file,
        diags: Vec::new(),
        keys: BTreeMap::new(),
    };
    rd.split();
    let v = build(&mut rd, id);
    let mut diags = rd.diags;
    if let Some((v, at)) = &v
        && !diags.iter().any(Diagnostic::is_error)
    {
        diags.extend(crate::rules::file::check_setup_of(file, v, *at));
    }
    diags.sort_by_key(|d| (d.line, d.column));
    // A key read twice (`sw` for what it refuses and what it sets) is
    // reported once.
    diags.dedup_by(|a, b| (a.line, a.column, &a.message) == (b.line, b.column, &b.message));
    match v {
        Some((v, _)) if !diags.iter().any(Diagnostic::is_error) => Ok((v, diags)),
        _ => Err(Failure::many(diags)),
    }
}

/// The variant and the offset of its start position.
fn build(rd: &mut Reader<'_>, id: &str) -> Option<(Variant, usize)> {
    let Some(dim) = rd.get("dim") else {
        rd.error(
            0,
            "an OTN rules string starts with the board size, e.g. dim:11",
        );
        return None;
    };
    let size = match dim.value.parse::<usize>() {
        Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => n,
        _ => {
            let msg = format!(
                "dim:{} — a board has {MIN_SIZE} to {MAX_SIZE} squares a side",
                dim.value
            );
            rd.error(dim.at, msg);
            return None;
        }
    };
    let name = rd
        .get("name")
        .map_or_else(|| id.to_string(), |e| e.value.replace('_', " "));
    let escape = if rd.choice("esc", "ce", 'c', "the escape") == 'c' {
        Escape::Corner
    } else {
        Escape::Edge
    };
    let encirclement = rd.yes_no("surf", true, "whether surrounding is fatal");
    let first = if rd.yes_no("atkf", true, "whether the attackers move first") {
        Side::Attackers
    } else {
        Side::Defenders
    };
    let repetition = match rd.choice("tfr", "idwl", 'd', "the threefold-repetition rule") {
        'i' => Repetition::None,
        'l' => Repetition::ThirdLoses,
        'w' => {
            rd.refuse("tfr", "the player who repeats a position a third time wins: no taflkit repetition rule says that");
            Repetition::None
        }
        _ => Repetition::ThirdDraws,
    };
    let (armed, anvil) = match rd.choice("ka", "ynah", 'y', "the king's arms") {
        'y' => (true, true),
        'a' => (false, true),
        'h' => (true, false),
        _ => (false, false),
    };
    let strength = match rd.choice("ks", "scmwyn", 's', "the king's strength") {
        'c' => KingStrength::StrongByCentre,
        'w' | 'n' => KingStrength::Weak,
        'm' => {
            rd.refuse("ks", "a middleweight king (taken against the board's edge): taflkit's king is strong, weak, or strong by the centre");
            KingStrength::Strong
        }
        _ => KingStrength::Strong,
    };
    let speed = speed(rd);
    refuse_unplayable(rd);
    let has_centre = squares(rd, "cen", &[super::rules::centre_square(size)]) && size % 2 == 1;
    let has_corners = squares(rd, "cor", &super::rules::corner_squares(size));
    let centre = has_centre.then(|| {
        special(
            rd,
            "cen",
            SpecialLists {
                pass: "tcnkmgTCNKMG",
                stop: "K",
                hostile: "tcnkmg",
                hostile_empty: "tcnkmgTCNKMG",
            },
        )
    });
    let corners = has_corners.then(|| {
        let mut c = special(
            rd,
            "cor",
            SpecialLists {
                pass: "K",
                stop: "K",
                hostile: "",
                hostile_empty: "tcnkmgTCNKMG",
            },
        );
        // OTN has one hostility list for corners (`corh`), empty or not.
        let (a, d, k) = pieces(rd, "corh", "tcnkmgTCNKMG");
        (
            c.hostile_to_attackers,
            c.hostile_to_defenders,
            c.hostile_to_king,
        ) = (a, d, k);
        (
            c.occupied_hostile_to_attackers,
            c.occupied_hostile_to_defenders,
        ) = (false, false);
        c
    });
    let king = king_rules(rd, centre, armed, anvil, strength, speed);
    let centre = centre.map(|mut c| {
        // An anvil king on the throne captures attackers anyway; the
        // square's own hostility is what it adds to that.
        c.occupied_hostile_to_attackers &= !anvil;
        c.hostile_to_king &= strength != KingStrength::Strong;
        c
    });
    let edge_shield_wall = rd.choice("sw", "nws", 'n', "the shield-wall mode") == 's';
    let edge_fort = rd.yes_no("efe", false, "whether an edge fort wins");
    if edge_fort && escape == Escape::Edge {
        rd.refuse(
            "efe",
            "an edge fort with escape to the edge: a king on the edge has already won",
        );
    }
    let (setup, setup_at) = start(rd, size)?;
    let variant = Variant {
        id: id.to_string(),
        name,
        size,
        first,
        escape,
        setup,
        centre,
        corners,
        king,
        encirclement,
        repetition,
        no_move: NoMove::Loses,
        edge_shield_wall,
        edge_fort,
        draw_fort: None,
        options: Vec::new(),
        default_theme: None,
    };
    Some((variant, setup_at))
}

/// The start position from `start:` (rank 1 first) or `starti:` (top first).
fn start(rd: &mut Reader<'_>, size: usize) -> Option<(position::Board, usize)> {
    let (e, order) = match (rd.get("start"), rd.get("starti")) {
        (Some(e), None) => (e, Order::RankOneFirst),
        (None, Some(e)) => (e, Order::TopFirst),
        (Some(_), Some(e)) => {
            rd.error(
                e.at,
                "give the start position once, as start: or as starti:",
            );
            return None;
        }
        (None, None) => {
            rd.error(rd.file.text.len(), "an OTN rules string ends with the start position, e.g. start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
            return None;
        }
    };
    match position::read(e.value, order) {
        Ok((board, _)) if board.len() == size => Some((board, e.at)),
        Ok((board, _)) => {
            rd.error(
                e.at,
                format!(
                    "the start position has {} rows, but dim:{size} needs {size}",
                    board.len()
                ),
            );
            None
        }
        Err((off, msg)) => {
            rd.error(e.at + off, msg);
            None
        }
    }
}

/// The king's rules; the centre's `cenhe` says whether the empty throne
/// helps take him (three attackers beside it for a strong king).
fn king_rules(
    rd: &mut Reader<'_>,
    centre: Option<SpecialSquare>,
    armed: bool,
    anvil: bool,
    strength: KingStrength,
    speed: Option<u32>,
) -> KingRules {
    let throne_takes = centre.is_some_and(|c| c.hostile_to_king);
    if centre.is_none() {
        if strength == KingStrength::StrongByCentre {
            rd.refuse(
                "ks",
                "a king strong by the centre on a board without a centre square (cen:)",
            );
        }
        if rd.get("linc").is_some_and(|e| e.value == "y") {
            rd.refuse(
                "linc",
                "Linnaean capture is about the king on the centre square, and cen: takes it away",
            );
        }
    }
    KingRules {
        armed,
        anvil,
        capture: if throne_takes && strength != KingStrength::Weak {
            KingCapture::FourOrThreeBesideCentre
        } else {
            KingCapture::FourSides
        },
        strength,
        speed,
        besieged_king_betrays_defender: rd.yes_no("linc", false, "Linnaean capture"),
    }
}
