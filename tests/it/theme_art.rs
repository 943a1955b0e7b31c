//! The built-in art draws something visible at piece size, in colour and in
//! black and white. Each theme's art is also written as a contact sheet to
//! `$TMPDIR/taflkit-theme-art/` for a person to look at.

use resvg::tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect, Transform};
use taflkit::layout::Rgb;
use taflkit::theme::{Art, Theme};

const CELL: u32 = 150;

fn colour(c: Rgb) -> Color {
    Color::from_rgba8(c.0, c.1, c.2, 255)
}

/// Draws `art` fitted into a cell at (x, y) with `inset` pixels of room.
fn draw(pix: &mut Pixmap, art: &Art, x: f32, y: f32, w: f32, h: f32) {
    let s = art.tree().size();
    let k = (w / s.width()).min(h / s.height());
    let dx = x + (w - s.width() * k) / 2.0;
    let dy = y + (h - s.height() * k) / 2.0;
    resvg::render(
        art.tree(),
        Transform::from_row(k, 0.0, 0.0, k, dx, dy),
        &mut pix.as_mut(),
    );
}

fn disc(pix: &mut Pixmap, cx: f32, cy: f32, r: f32, c: Rgb) {
    let mut paint = Paint::default();
    paint.set_color(colour(c));
    paint.anti_alias = true;
    if let Some(p) = PathBuilder::from_circle(cx, cy, r) {
        pix.fill_path(&p, &paint, FillRule::Winding, Transform::identity(), None);
    }
}

fn square(pix: &mut Pixmap, x: f32, y: f32, w: f32, c: Rgb) {
    let mut paint = Paint::default();
    paint.set_color(colour(c));
    if let Some(r) = Rect::from_xywh(x, y, w, w) {
        pix.fill_rect(r, &paint, Transform::identity(), None);
    }
}

/// Share of the art's own pixels that are not transparent.
fn coverage(art: &Art) -> f64 {
    let mut pix = Pixmap::new(100, 100).unwrap();
    draw(&mut pix, art, 0.0, 0.0, 100.0, 100.0);
    let opaque = pix.pixels().iter().filter(|p| p.alpha() > 128).count();
    opaque as f64 / 10_000.0
}

fn sheet(t: &Theme) -> Pixmap {
    let mut pix = Pixmap::new(CELL * 4, CELL * 3).unwrap();
    pix.fill(Color::from_rgba8(0xff, 0xff, 0xff, 255));
    let c = &t.colours;
    let pieces = [
        (&t.art.king, c.king_fill, 1.3),
        (&t.art.defender, c.defender_fill, 1.0),
        (&t.art.attacker, c.attacker_fill, 1.0),
    ];
    for (i, (art, fill, scale)) in pieces.iter().enumerate() {
        let r = CELL as f32 * 0.36 * *scale as f32;
        let cx = CELL as f32 * (i as f32 + 0.5);
        let cy = CELL as f32 * 0.5;
        disc(&mut pix, cx, cy, r, *fill);
        if let Some(a) = art {
            let w = r * 1.5;
            draw(&mut pix, a, cx - w / 2.0, cy - w / 2.0, w, w);
        }
    }
    // Board squares: centre on the special colour, start square on its tint.
    let sq = CELL as f32 * 0.8;
    square(
        &mut pix,
        CELL as f32 * 3.1,
        CELL as f32 * 0.1,
        sq,
        c.special,
    );
    if let Some(a) = &t.art.centre {
        draw(&mut pix, a, CELL as f32 * 3.1, CELL as f32 * 0.1, sq, sq);
    }
    square(
        &mut pix,
        CELL as f32 * 3.1,
        CELL as f32 * 1.1,
        sq,
        c.attacker_start,
    );
    if let Some(a) = &t.art.attacker_start {
        draw(&mut pix, a, CELL as f32 * 3.1, CELL as f32 * 1.1, sq, sq);
    }
    square(
        &mut pix,
        CELL as f32 * 3.1,
        CELL as f32 * 2.1,
        sq,
        c.defender_start,
    );
    if let Some(a) = &t.art.cover {
        draw(
            &mut pix,
            a,
            5.0,
            CELL as f32 + 5.0,
            CELL as f32 * 3.0 - 10.0,
            CELL as f32 * 2.0 - 10.0,
        );
    }
    pix
}

#[test]
fn builtin_art_is_visible_and_written_for_review() {
    let out = std::env::temp_dir().join("taflkit-theme-art");
    std::fs::create_dir_all(&out).unwrap();
    for id in Theme::builtin_ids() {
        let t = Theme::builtin(id).unwrap();
        for mono in [false, true] {
            let t = if mono { t.to_mono() } else { t.clone() };
            for (slot, art) in [
                ("king", &t.art.king),
                ("defender", &t.art.defender),
                ("attacker", &t.art.attacker),
            ] {
                let a = art
                    .as_ref()
                    .unwrap_or_else(|| panic!("{id}: no {slot} art"));
                let cov = coverage(a);
                assert!(
                    cov > 0.08,
                    "{id} {slot}: the art covers only {:.0}% of its box",
                    cov * 100.0
                );
            }
            let name = format!("{id}{}.png", if mono { "-mono" } else { "" });
            sheet(&t).save_png(out.join(name)).unwrap();
        }
    }
}

#[test]
fn mono_art_has_no_colour_left() {
    for id in Theme::builtin_ids() {
        let t = Theme::builtin(id).unwrap().to_mono();
        assert!(t.mono);
        let mut pix = sheet(&t);
        for p in pix.pixels_mut().iter() {
            let (r, g, b) = (p.red() as i32, p.green() as i32, p.blue() as i32);
            assert!(
                (r - g).abs() <= 2 && (g - b).abs() <= 2,
                "{id}: a coloured pixel in mono ({r},{g},{b})"
            );
        }
    }
}
