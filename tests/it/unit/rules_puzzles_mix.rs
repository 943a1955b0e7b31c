//! `rules::puzzles::mix`: what a set of puzzles has of each side to move
//! and each length of win, checked against sets and counts the tests
//! make themselves, and the page [`mixed_first`] picks: in order, as long
//! as asked, and with every side and length of its input when the page
//! has room for them.

use std::collections::BTreeSet;

use proptest::prelude::*;
use taflkit::rules::Side;
use taflkit::rules::puzzles::mix::{Kind, Mix, OfKind, mixed_first};

use crate::common::fuzz_config;

/// A puzzle as the page sees it, and where it stood in the input.
#[derive(Clone, Debug)]
struct Tagged {
    at: usize,
    kind: Kind,
}

impl OfKind for Tagged {
    fn kind(&self) -> Kind {
        self.kind
    }
}

fn kind() -> impl Strategy<Value = Kind> {
    (any::<bool>(), 2u32..=3).prop_map(|(att, moves)| Kind {
        side: if att {
            Side::Attackers
        } else {
            Side::Defenders
        },
        moves,
    })
}

fn kinds() -> impl Strategy<Value = Vec<Kind>> {
    proptest::collection::vec(kind(), 0..10)
}

fn sides(ks: &[Kind]) -> BTreeSet<String> {
    ks.iter().map(|k| k.side.to_string()).collect()
}

fn lengths(ks: &[Kind]) -> BTreeSet<u32> {
    ks.iter().map(|k| k.moves).collect()
}

fn count(ks: &[Kind], keep: impl Fn(&Kind) -> bool) -> usize {
    ks.iter().filter(|k| keep(k)).count()
}

proptest! {
    #![proptest_config(fuzz_config(256))]

    #[test]
    fn the_mix_counts_what_the_puzzles_have(ks in kinds(), k in kind(), page in 1usize..8) {
        let mix = Mix::of(&ks);
        let (s, l) = (sides(&ks), lengths(&ks));
        prop_assert_eq!(mix.len(), ks.len());
        prop_assert_eq!(mix.is_mixed(), s.len() == 2 && l.len() == 2);
        let attackers = count(&ks, |q| q.side == Side::Attackers);
        prop_assert_eq!(mix.lacks(Side::Attackers), !ks.is_empty() && attackers == 0);
        let rarer = if attackers <= ks.len() - attackers { Side::Attackers } else { Side::Defenders };
        prop_assert_eq!(mix.rarer_side(), rarer);
        let new = !s.contains(&k.side.to_string()) || !l.contains(&k.moves);
        prop_assert_eq!(mix.brings(k), new);
        // Adding it leaves neither its side nor its length on more than
        // half the page (rounded up).
        let half = page.div_ceil(2);
        let room = count(&ks, |q| q.side == k.side) < half && count(&ks, |q| q.moves == k.moves) < half;
        prop_assert_eq!(mix.has_room_for(k, page), room);
    }

    #[test]
    fn a_mixed_first_page_keeps_the_order_and_the_mix(ks in kinds(), n in 0usize..8) {
        let tagged: Vec<Tagged> =
            ks.iter().enumerate().map(|(at, &kind)| Tagged { at, kind }).collect();
        let page = mixed_first(&tagged, n);
        prop_assert_eq!(page.len(), n.min(ks.len()));
        prop_assert!(page.windows(2).all(|w| w[0].at < w[1].at), "in the input's order");
        // Each puzzle picked first brings a side or a length, the first
        // both: a page of one less than the sides and lengths has them all.
        let picked: Vec<Kind> = page.iter().map(|p| p.kind).collect();
        if n + 1 >= sides(&ks).len() + lengths(&ks).len() {
            prop_assert_eq!(sides(&picked), sides(&ks));
            prop_assert_eq!(lengths(&picked), lengths(&ks));
        }
    }
}
