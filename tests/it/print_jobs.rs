//! Print jobs: the kit PDF asks for no duplex (it would apply to the card
//! sheets too); `build --split` writes one PDF per job, whose pages add up
//! to the kit's, and only the leaflet's asks for duplex. Default pieces are
//! standard wooden-disc diameters.

use crate::common::kit::{self, KitOptions, plan};
use lopdf::{Document as Pdf, Object};
use taflkit::kit::jobs::JobKind;
use taflkit::layout::Duplex;
use taflkit::render;
use taflkit::rules;
use taflkit::theme::Theme;

/// The `/Duplex` viewer preference of a PDF, if any.
fn duplex_pref(bytes: &[u8]) -> Option<Vec<u8>> {
    let pdf = Pdf::load_mem(bytes).unwrap();
    let catalog = pdf.catalog().unwrap();
    let prefs = match catalog.get(b"ViewerPreferences").ok()? {
        Object::Reference(r) => pdf.get_dictionary(*r).unwrap(),
        Object::Dictionary(d) => d,
        other => panic!("{other:?}"),
    };
    prefs
        .get(b"Duplex")
        .ok()
        .map(|d| d.as_name().unwrap().to_vec())
}

fn kit_of(id: &str, duplex: Duplex, sticker: bool) -> kit::Kit {
    let v = rules::builtin(id).expect("built-in variant");
    let theme = Theme::load(v.default_theme.as_deref().unwrap_or("viking")).expect("theme");
    let opts = KitOptions {
        duplex,
        sticker,
        ..KitOptions::default()
    };
    kit::build_kit(&v, &theme, &opts).expect("kit")
}

#[test]
fn the_kit_asks_for_no_duplex_and_only_the_leaflet_job_does() {
    for (duplex, flip) in [
        (Duplex::LongEdge, &b"DuplexFlipLongEdge"[..]),
        (Duplex::ShortEdge, &b"DuplexFlipShortEdge"[..]),
    ] {
        for sticker in [false, true] {
            let k = kit_of("york", duplex, sticker);
            assert_eq!(duplex_pref(&render::pdf(&k.document).unwrap()), None);
            let docs = k.job_documents();
            let kinds: Vec<JobKind> = docs.iter().map(|d| d.0).collect();
            let mut want = vec![JobKind::Cover, JobKind::Card];
            if sticker {
                want.push(JobKind::Stickers);
            }
            want.push(JobKind::Leaflet);
            assert_eq!(kinds, want);
            let pages: usize = docs.iter().map(|d| d.1.pages.len()).sum();
            assert_eq!(pages, k.document.pages.len());
            for (kind, doc) in &docs {
                let pref = duplex_pref(&render::pdf(doc).unwrap());
                if *kind == JobKind::Leaflet {
                    assert_eq!(pref.as_deref(), Some(flip));
                } else {
                    assert_eq!(pref, None, "{kind:?} asks for duplex");
                }
            }
        }
    }
}

#[test]
fn split_writes_one_pdf_per_job_beside_the_kit_and_prints_their_paths() {
    let dir = tempfile::tempdir().unwrap();
    let kit = dir.path().join("club.pdf");
    let out = crate::common::bin()
        .args(["build", "york", "--split", "-o"])
        .arg(&kit)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut total = 0;
    for job in ["cover", "card", "leaflet"] {
        let p = dir.path().join(format!("club.{job}.pdf"));
        assert!(stdout.contains(&*p.to_string_lossy()), "{stdout}");
        total += Pdf::load(&p).unwrap().get_pages().len();
    }
    assert!(!dir.path().join("club.stickers.pdf").exists());
    assert_eq!(total, Pdf::load(&kit).unwrap().get_pages().len());
}

#[test]
fn default_pieces_are_standard_disc_sizes_and_the_king_fits_with_room() {
    for id in rules::builtin_ids() {
        let v = rules::builtin(id).unwrap();
        // In the default theme and in the variant's own (the sea theme's
        // sizes differ from viking's).
        for theme in [
            Theme::viking(),
            Theme::load(v.default_theme.as_deref().unwrap_or("viking")).unwrap(),
        ] {
            let s = plan::sizes(&v, &theme, &KitOptions::default()).unwrap();
            for d in [s.king, s.piece] {
                assert!(
                    plan::STANDARD_DISCS.contains(&d),
                    "{id}: {d:?} is not a disc you can buy"
                );
            }
            assert!(s.square.0 >= s.king.0 + 2.0, "{id}: {s:?}");
        }
    }
    let v = rules::builtin("sea-battle-15").unwrap();
    let s = plan::sizes(&v, &Theme::viking(), &KitOptions::default()).unwrap();
    assert!(s.king.0 < 25.0 && s.piece.0 <= s.king.0);
}
