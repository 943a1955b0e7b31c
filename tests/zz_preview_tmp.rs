use taflkit::kit::{KitOptions, leaflet};
use taflkit::layout::{Document, Duplex, paper::Paper};
use taflkit::theme::Theme;

#[test]
fn preview() {
    let Ok(spec) = std::env::var("LEAFLET_PREVIEW") else {
        return;
    };
    for item in spec.split(',') {
        let mut parts = item.split(':');
        let vid = parts.next().unwrap();
        let tid = parts.next().unwrap_or("viking");
        let paper = if parts.next() == Some("letter") {
            Paper::Letter
        } else {
            Paper::A4
        };
        let v = taflkit::rules::builtin(vid).unwrap();
        let theme = Theme::load(tid).unwrap();
        let opts = KitOptions {
            paper,
            duplex: Duplex::LongEdge,
            ..KitOptions::default()
        };
        let pages = leaflet::pages(&v, &theme, paper, &theme.fonts).unwrap();
        let sides = leaflet::sheets(&v, &theme, &opts, &theme.fonts).unwrap();
        let doc = Document {
            title: "t".into(),
            subject: "s".into(),
            fonts: theme.fonts.clone(),
            pages: pages.clone(),
            duplex: None,
        };
        for (i, p) in pages.iter().enumerate() {
            std::fs::write(
                format!("/tmp/lf-{vid}-{tid}-p{}.png", i + 1),
                taflkit::render::png(&doc, p, 110.0).unwrap(),
            )
            .unwrap();
        }
        for (i, p) in sides.iter().enumerate() {
            std::fs::write(
                format!("/tmp/lf-{vid}-{tid}-side{}.png", i + 1),
                taflkit::render::png(&doc, p, 60.0).unwrap(),
            )
            .unwrap();
        }
        eprintln!("{vid} {tid}: {} pages", pages.len());
    }
}
