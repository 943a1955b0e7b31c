//! Property: every variant file that validates builds a kit, or fails with
//! a message naming the file. Random files (a seeded generator, so a
//! failure is reproducible from its case number): sizes 5 to 25, random
//! special squares and rule keys, random symmetric setups. Ten cases,
//! or `TAFLKIT_FUZZ_CASES`.

/// splitmix64: small, seeded, good enough to spread the cases.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u64) as usize]
    }
    fn coin(&mut self) -> bool {
        self.below(2) == 0
    }
}

fn special(rng: &mut Rng, name: &str) -> (String, String) {
    let stop = rng.pick(&["king", "king", "everyone", "nobody"]);
    let pass = rng.pick(&["everyone", "king", "nobody"]);
    let mut hostile = Vec::new();
    for who in ["\"attackers\"", "\"defenders\"", "\"king\""] {
        if rng.coin() {
            hostile.push(who);
        }
    }
    (
        format!(
            "[{name}]\npass = \"{pass}\"\nstop = \"{stop}\"\nhostile_to = [{}]\n",
            hostile.join(", ")
        ),
        stop.to_string(),
    )
}

/// One random variant file.
fn variant(rng: &mut Rng, case: u64) -> String {
    let n = 5 + rng.below(21) as usize;
    let odd = n % 2 == 1;
    let escape = rng.pick(&["edge", "corner"]);
    let centre = if odd && rng.coin() {
        Some(special(rng, "centre"))
    } else {
        None
    };
    let corners = if rng.coin() {
        Some(special(rng, "corners"))
    } else {
        None
    };
    // A symmetric setup: each square of the top-left quarter (with the
    // middle row and column on odd boards) mirrored into the others.
    let mut cells = vec![vec!['.'; n]; n];
    let half = n.div_ceil(2);
    for r in 0..half {
        for f in 0..half {
            let c = match rng.below(10) {
                0..=1 => 'A',
                2 => 'D',
                _ => '.',
            };
            for (rr, ff) in [
                (r, f),
                (n - 1 - r, f),
                (r, n - 1 - f),
                (n - 1 - r, n - 1 - f),
            ] {
                cells[rr][ff] = c;
            }
        }
    }
    let mid = n / 2;
    cells[mid][mid] = 'K';
    if corners.as_ref().is_some_and(|c| c.1 != "everyone") {
        for (r, f) in [(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)] {
            cells[r][f] = '.';
        }
    }
    let setup: Vec<String> = cells
        .iter()
        .map(|row| {
            row.iter()
                .map(char::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut text = format!(
        "id = \"random-{case}\"\nname = \"Random {case}\"\nsize = {n}\nfirst = \"{}\"\nescape = \"{escape}\"\nsetup = \"\"\"\n{}\n\"\"\"\n",
        rng.pick(&["attackers", "defenders"]),
        setup.join("\n")
    );
    text += &format!("encirclement = {}\n", rng.coin());
    text += &format!(
        "repetition = \"{}\"\n",
        rng.pick(&[
            "none",
            "third-loses",
            "third-forbidden",
            "no-return",
            "third-attackers-win",
            "third-draws"
        ])
    );
    text += &format!("no_move = \"{}\"\n", rng.pick(&["loses", "draw"]));
    text += &format!("edge_shield_wall = {}\n", rng.coin());
    if escape == "corner" {
        text += &format!("edge_fort = {}\n", rng.coin());
    }
    if let Some((t, _)) = &centre {
        text += t;
    }
    if let Some((t, _)) = &corners {
        text += t;
    }
    text += &format!("[king]\narmed = {}\n", rng.coin());
    let strength = if centre.is_some() {
        rng.pick(&["strong", "strong-by-centre", "weak"])
    } else {
        rng.pick(&["strong", "weak"])
    };
    text += &format!("strength = \"{strength}\"\n");
    if centre.is_some() && strength != "weak" && rng.coin() {
        text += "capture = \"three-beside-centre\"\n";
    }
    if rng.below(4) == 0 {
        text += &format!("speed = {}\n", 1 + rng.below(3));
    }
    text
}

#[test]
fn every_valid_random_variant_builds_or_names_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(0x7AF1_2026);
    let mut built = 0;
    // Ten cases in CI (boards of 6 to 23 squares, nine of them valid):
    // each valid file's puzzles are searched afresh, up to 10 s of CPU on
    // the bigger boards, and twenty cases took 80 s of CPU (2026-11-27,
    // load 5); `TAFLKIT_FUZZ_CASES` for more.
    let cases = crate::common::fuzz_cases(10);
    for case in 0..cases {
        let text = variant(&mut rng, u64::from(case));
        let path = dir.path().join(format!("random-{case}.toml"));
        std::fs::write(&path, &text).unwrap();
        let shown = path.to_string_lossy().into_owned();
        let valid = crate::common::bin()
            .args(["validate", &shown])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&valid.stderr).into_owned();
        assert!(!err.contains("panicked"), "case {case}: {err}\n{text}");
        if !valid.status.success() {
            eprintln!("case {case} invalid: {}", err.lines().next().unwrap_or(""));
            assert!(err.contains(&shown), "case {case}: {err}");
            continue;
        }
        let out = dir.path().join(format!("random-{case}.pdf"));
        let o = crate::common::bin()
            .args(["build", &shown, "-o", &out.to_string_lossy()])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(!err.contains("panicked"), "case {case}: {err}\n{text}");
        assert!(
            o.status.success() || err.contains(&shown),
            "case {case} validates but does not build, and the message does not name the file:\n{err}\n{text}"
        );
        if o.status.success() {
            built += 1;
        } else {
            eprintln!("case {case} refused at build: {err}");
        }
    }
    // The generator must reach valid files often enough to mean something.
    assert!(
        built >= cases / 4,
        "only {built} of {cases} random variants built"
    );
}
