//! OpenTafl rules strings (`dim:11 atkf:n sw:s efe:y start:/…/`), out of and
//! into taflkit's rule model. The mapping, key by key, is the table in
//! `docs/variants.md`; what either side cannot say is named there too.
//! Written strings spell every key out rather than lean on OpenTafl's
//! defaults, so they mean the same to any reader of the spec.

use super::position::{self, Order};
use crate::rules::notation::Square;
use crate::rules::variant::*;

/// A rule of a taflkit variant that an OpenTafl rules string has no key
/// for: the string is written without it, and says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lost {
    /// Repetition rules other than ignore, draw, or "third loses".
    Repetition(Repetition),
    /// A side without a move draws (OpenTafl: it loses).
    NoMoveDraws,
    /// The draw-fort rule.
    DrawFort,
    /// A capture rule for the king on no centre square.
    KingBesideCentre,
    /// Optional rules (`--option`), which a rules string cannot switch.
    Option(String),
}

impl std::fmt::Display for Lost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Lost::Repetition(r) => write!(
                f,
                "repetition = \"{}\": OTN's tfr says only ignore, draw, or the repeating player wins or loses",
                r.id()
            ),
            Lost::NoMoveDraws => f.write_str(
                "no_move = \"draw\": OTN has no key for it (OpenTafl: a side with no move loses)",
            ),
            Lost::DrawFort => f.write_str("[draw_fort]: OTN has no key for it"),
            Lost::KingBesideCentre => f.write_str(
                "king.capture = \"three-beside-centre\" without a centre square: OTN has no key for it",
            ),
            Lost::Option(id) => write!(f, "[options.{id}]: OTN has no key for an optional rule"),
        }
    }
}

/// A rules string and the rules it had to leave out.
#[derive(Clone, Debug)]
pub struct Written {
    pub text: String,
    pub lost: Vec<Lost>,
}

/// The piece-type list for "who" an [`Access`] lets through.
fn access_list(a: Access) -> &'static str {
    match a {
        Access::Everyone => "tTK",
        Access::KingOnly => "K",
        Access::Nobody => "",
    }
}

fn yes(b: bool) -> char {
    if b { 'y' } else { 'n' }
}

/// Hostility as a piece-type list.
fn list(attackers: bool, defenders: bool, king: bool) -> String {
    [(attackers, 't'), (defenders, 'T'), (king, 'K')]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, c)| *c)
        .collect()
}

/// The four corner squares of a board `size` squares a side.
pub fn corner_squares(size: usize) -> [Square; 4] {
    let last = (size - 1) as u8;
    [
        Square::new(0, 0),
        Square::new(0, last),
        Square::new(last, 0),
        Square::new(last, last),
    ]
}

/// The centre square of a board `size` squares a side (odd).
pub fn centre_square(size: usize) -> Square {
    Square::new((size / 2) as u8, (size / 2) as u8)
}

/// A space list (`a1,a11,k1,k11,`): the squares spelled out, each
/// followed by ',' as the spec's grammar writes it. The spec also calls
/// the physical squares `default`, but OpenTafl's own reader takes that
/// word for a square and fails on it (`Coord.get("default")`), so the
/// squares are written out, which every reader takes.
fn space_list(squares: &[Square]) -> String {
    let mut sorted = squares.to_vec();
    sorted.sort();
    sorted.iter().map(|s| format!("{s},")).collect()
}

/// The OpenTafl rules string of a variant (optional rules as built).
pub fn write(v: &Variant) -> Written {
    let mut lost = Vec::new();
    let mut keys: Vec<String> = vec![
        format!("dim:{}", v.size),
        format!("name:{}", v.name.replace(' ', "_")),
        format!("esc:{}", if v.escape == Escape::Corner { 'c' } else { 'e' }),
        format!("surf:{}", yes(v.encirclement)),
        format!("atkf:{}", yes(v.first == Side::Attackers)),
    ];
    let tfr = match v.repetition {
        Repetition::None => 'i',
        Repetition::ThirdDraws => 'd',
        Repetition::ThirdLoses => 'l',
        other => {
            lost.push(Lost::Repetition(other));
            'i'
        }
    };
    keys.push(format!("tfr:{tfr}"));
    let k = &v.king;
    let ka = match (k.armed, k.anvil) {
        (true, true) => 'y',
        (true, false) => 'h',
        (false, true) => 'a',
        (false, false) => 'n',
    };
    let ks = match k.strength {
        KingStrength::Strong => 's',
        KingStrength::StrongByCentre => 'c',
        KingStrength::Weak => 'w',
    };
    keys.push(format!("ka:{ka} ks:{ks} kj:n"));
    if let Some(s) = k.speed {
        // tcnkmg TCNKMG: the defenders' king is the tenth.
        let mut spd = vec!["-1".to_string(); 12];
        spd[9] = s.to_string();
        keys.push(format!("spd:{}", spd.join(",")));
    }
    match v.corners {
        None => keys.push("cor:".into()),
        Some(c) => keys.push(format!(
            "cor:{} corp:{} cors:{} corh:{}",
            space_list(&corner_squares(v.size)),
            access_list(c.pass),
            access_list(c.stop),
            list(
                c.hostile_to_attackers,
                c.hostile_to_defenders,
                c.hostile_to_king
            )
        )),
    }
    let beside = k.capture == KingCapture::FourOrThreeBesideCentre;
    match v.centre {
        None => {
            keys.push("cen:".into());
            if beside {
                lost.push(Lost::KingBesideCentre);
            }
        }
        Some(c) => keys.push(format!(
            "cen:{} cenp:{} cens:{} cenh:{} cenhe:{}",
            space_list(&[centre_square(v.size)]),
            access_list(c.pass),
            access_list(c.stop),
            list(
                c.occupied_hostile_to_attackers || k.anvil,
                c.occupied_hostile_to_defenders,
                false
            ),
            list(
                c.hostile_to_attackers,
                c.hostile_to_defenders,
                c.hostile_to_king || beside
            )
        )),
    }
    keys.push(format!(
        "sw:{} swf:y efe:{} linc:{} ber:n",
        if v.edge_shield_wall { 's' } else { 'n' },
        yes(v.edge_fort),
        yes(k.besieged_king_betrays_defender)
    ));
    if v.no_move == NoMove::Draws {
        lost.push(Lost::NoMoveDraws);
    }
    if v.draw_fort.is_some() {
        lost.push(Lost::DrawFort);
    }
    for o in v.options.iter().filter(|o| o.enabled) {
        lost.push(Lost::Option(o.id.clone()));
    }
    keys.push(format!(
        "start:{}",
        position::write(&v.setup, Order::RankOneFirst)
    ));
    Written {
        text: keys.join(" "),
        lost,
    }
}
